import Foundation
import NetsnapJSON
import NetsnapModel
import Testing

@testable import NetsnapFeeds

/// After a clock jump a year ahead and back, an incident resolved "in 2027" is marked and
/// listed last in both feeds, as an event dated ahead is: it never tops the feed unmarked.
@Suite struct ClockAheadIncidentTests {
    let now = EventFeedTests.start.addingTimeInterval(3600)

    var incidents: [Incident] {
        let ahead = now.addingTimeInterval(365 * 86_400)
        return [
            Incident(
                id: 7, subject: .target, targetID: nil, name: "NAS", startedAt: now.addingTimeInterval(-600), endedAt: ahead,
                cause: nil, publicCause: nil, note: nil, closedByHand: false, updatedAt: ahead),
            Incident(
                id: 8, subject: .target, targetID: nil, name: "Printer", startedAt: now.addingTimeInterval(-300), endedAt: nil,
                cause: nil, publicCause: nil, note: nil, closedByHand: false, updatedAt: now.addingTimeInterval(-300)),
        ]
    }

    var context: EventFeedContext {
        EventFeedContext(title: "t", baseURL: nil, limit: 10, fallbackUpdated: now, now: now, incidents: incidents)
    }

    @Test func theJSONFeedMarksItAndListsItLast() throws {
        let feed = try JSONParser.parse(JSONFeed.bytes(EventFeedTests.events(count: 2), context: context))
        guard case .array(let items)? = feed["items"] else {
            Issue.record("items missing")
            return
        }
        #expect(items.last?["id"] == .string("incident:7"))
        guard case .string(let title)? = items.last?["title"] else {
            Issue.record("no title")
            return
        }
        #expect(title.hasPrefix("Clock ahead · Resolved: NAS"))
        #expect(items.last?["tags"] == .array([.string("incident"), .string("recovery"), .string("clockAhead")]))
        #expect(items.first?["id"] != .string("incident:7"))
        #expect(items.contains { $0["id"] == .string("incident:8") && $0["title"] == .string("Incident: Printer down") })
    }

    @Test func theAtomFeedToo() {
        let xml = String(decoding: AtomFeed.bytes(EventFeedTests.events(count: 2), context: context), as: UTF8.self)
        let titles = xml.components(separatedBy: "<title>").dropFirst(2).map { $0.components(separatedBy: "</title>")[0] }
        #expect(titles.last?.hasPrefix("Clock ahead · Resolved: NAS") == true)
        #expect(titles.first?.hasPrefix("Clock ahead") == false)
    }
}
