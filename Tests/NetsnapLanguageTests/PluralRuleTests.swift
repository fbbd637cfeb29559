import Testing

@testable import NetsnapLanguage

/// gettext's plural expressions, evaluated as msgfmt would: the forms CLDR's categories map to.
@Suite struct PluralRuleTests {
    @Test func arabicHasSixForms() throws {
        let rule = try #require(
            PluralRule(header: "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"))
        #expect(rule.formCount == 6)
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(rule.form) == [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
    }

    @Test func polishTellsFewFromMany() throws {
        let rule = try #require(
            PluralRule(header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"))
        #expect([1, 2, 4, 5, 12, 14, 22, 25, 112, 124].map(rule.form) == [0, 1, 1, 2, 2, 2, 1, 2, 2, 1])
    }

    @Test func simpleRules() throws {
        #expect(try #require(PluralRule(header: "nplurals=1; plural=0;")).form(for: 5) == 0)
        let french = try #require(PluralRule(header: "nplurals=2; plural=(n > 1);"))
        #expect([0, 1, 2].map(french.form) == [0, 0, 1])
        #expect([0, 1, 2].map(PluralRule.germanic.form) == [1, 0, 1])
        let negated = try #require(PluralRule(header: "nplurals=2; plural=!(n == 1);"))
        #expect([1, 3].map(negated.form) == [0, 1])
    }

    @Test func aFormPastTheCountIsTheLast() throws {
        let rule = try #require(PluralRule(header: "nplurals=2; plural=n;"))
        #expect(rule.form(for: 7) == 1)
    }

    @Test(arguments: ["", "nplurals=2;", "plural=n;", "nplurals=2; plural=(n > 1;", "nplurals=2; plural=n ? 1;", "nplurals=9; plural=0;"])
    func malformedHeadersAreRefused(_ header: String) {
        #expect(PluralRule(header: header) == nil)
    }
}
