import Testing

@testable import NetsnapText

/// Where ICU lets a line break: after spaces, never inside a host name, and in Japanese
/// between characters but never before 。、」）ー or a small kana nor after 「（ (kinsoku).
@Suite struct LineBreaksTests {
    /// `text` cut at every opportunity: each piece is what a line could hold from its start.
    private func pieces(_ text: String, _ locale: String) -> [String] {
        var start = text.startIndex
        return LineBreaks(text, locale: locale).opportunities.map { end in
            defer { start = end }
            return String(text[start..<end])
        }
    }

    @Test func englishBreaksAfterSpaces() {
        #expect(pieces("connection refused by host", "en") == ["connection ", "refused ", "by ", "host"])
        #expect(pieces("", "en").isEmpty)
    }

    @Test func japaneseBreaksBetweenCharactersButNotBeforeAFullStop() {
        #expect(pieces("接続が拒否されました。", "ja-JP") == ["接", "続", "が", "拒", "否", "さ", "れ", "ま", "し", "た。"])
    }

    /// Strict rules: ICU's default for Japanese would let a line start with "ャ" or "ー".
    @Test func japaneseKeepsSmallKanaAndTheLongVowelMarkWithWhatComesBefore() {
        let strict = pieces("キャッシュ・サーバーが応答しません", "ja-JP")
        #expect(Array(strict.prefix(4)) == ["キャッ", "シュ・", "サー", "バー"])
        #expect(pieces("キャッシュ", "ja") == ["キャッ", "シュ"])
    }

    @Test(arguments: [
        "「応答なし」（タイムアウト）です。", "証明書が信頼されていません：発行元 Example CA は不明なルート", "接続が拒否されました、再試行します。",
        "ファイル「キャッシュ」（ローカル）がありません。",
    ])
    func noJapaneseLineStartsOrEndsWhereKinsokuForbids(text: String) {
        let neverFirst = Set("。、」）ー：ャュョッァィゥェォゃゅょっぁぃぅぇぉ")
        let neverLast = Set("「（")
        let lines = pieces(text, "ja-JP")
        #expect(lines.joined() == text && lines.count > 3)
        for line in lines {
            #expect(!neverFirst.contains(line.first!), "\(lines)")
            #expect(!neverLast.contains(line.last!), "\(lines)")
        }
    }

    @Test func hostNamesAndAddressesStayWhole() {
        #expect(pieces("cannot resolve nas.home.example: host not found", "en").contains("nas.home.example: "))
        #expect(pieces("timed out on 192.168.1.20:8443", "de-DE").last == "192.168.1.20:8443")
        #expect(pieces("https://netsnap.example/dashboard/", "en") == ["https://", "netsnap.example/", "dashboard/"])
    }

    @Test func arabicBreaksAtSpacesKeepingTheBracketedFigureTogether() {
        #expect(pieces("رُفض الاتصال (HTTP 500)", "ar-EG") == ["رُفض ", "الاتصال ", "(HTTP ", "500)"])
    }

    @Test func aSubstringsOpportunitiesAreIndicesOfItsString() {
        let text = "host: connection refused"
        let tail = text[text.index(text.startIndex, offsetBy: 6)...]
        #expect(LineBreaks(tail, locale: "en").opportunities.map { String(text[..<$0]) } == ["host: connection ", text])
    }

    /// A figure keeps its unit: the catalogues write "0,5 s" with a plain space, and a line
    /// ending in "0,5" with "s" on the next reads as nonsense.
    @Test func aFigureKeepsItsUnitOnItsLine() {
        #expect(pieces("Zeitüberschreitung nach 0,5 s", "de-DE") == ["Zeitüberschreitung ", "nach ", "0,5 s"])
        #expect(pieces("anfrage 42 ms, 20 % verlust", "de-DE") == ["anfrage ", "42 ms, ", "20 % ", "verlust"])
        #expect(pieces("انتهت المهلة بعد ٠٫٥ s", "ar-EG").last == "٠٫٥ s")
        #expect(pieces("down 94 Mb/s.", "en") == ["down ", "94 Mb/s."])
        // Only after a figure, and only a unit: "3 hosts" may break.
        #expect(pieces("3 hosts", "en") == ["3 ", "hosts"])
        #expect(pieces("slow s", "en") == ["slow ", "s"])
    }

    @Test func japaneseTakesICUsStrictRules() {
        #expect(LineBreaks.icuLocale("ja-JP") == "ja_JP@lb=strict")
        #expect(LineBreaks.icuLocale("ja") == "ja@lb=strict")
        #expect(LineBreaks.icuLocale("de-DE") == "de_DE")
    }
}
