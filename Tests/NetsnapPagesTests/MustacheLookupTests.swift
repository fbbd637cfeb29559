import Foundation
import Mustache
import Testing

@testable import NetsnapPages

/// The views a template reads through `child(named:)` instead of `Mirror` give a template
/// exactly what swift-mustache's `Mirror` lookup would: every field by its name, an optional
/// unwrapped, an absent one as nil (so the name falls through to the outer contexts, as it
/// did).
@Suite struct MustacheLookupTests {
    static func sameAsMirror(_ value: some MustacheParent) {
        let children = Mirror(reflecting: value).children
        #expect(!children.isEmpty)
        for child in children {
            guard let label = child.label else { continue }
            let field = Mirror(reflecting: child.value)
            let expected: Any? = field.displayStyle == .optional ? field.children.first?.value : child.value
            let looked = value.child(named: label)
            #expect((looked == nil) == (expected == nil), "\(type(of: value)).\(label) is not looked up")
            #expect(String(describing: looked) == String(describing: expected), "\(type(of: value)).\(label)")
        }
        #expect(value.child(named: "noSuchField") == nil)
    }

    @Test func theDashboardAndItsRowsGiveEveryField() throws {
        let context = DashboardPageContext(PageFixtures.widgets(), now: PageFixtures.now, settings: PageSettings())
        Self.sameAsMirror(context)
        Self.sameAsMirror(context.targets)
        Self.sameAsMirror(context.devices)
        Self.sameAsMirror(context.status)
        Self.sameAsMirror(try #require(context.targets.rows.first))
        Self.sameAsMirror(try #require(context.devices.rows.first))
    }

    @Test func theLargePageAndItsRowsGiveEveryField() throws {
        let context = LargePageContext(PageFixtures.widgets(), now: PageFixtures.now, settings: PageSettings())
        Self.sameAsMirror(context)
        Self.sameAsMirror(try #require(context.large.recentDevices.first))
        Self.sameAsMirror(RecentDeviceRowView.blank)
    }
}
