import NetsnapLanguage

/// One widget's embed code, shown on `embed.html` to copy.
struct EmbedSnippet: Sendable {
    /// The widget's size as the page names it ("Small", "Klein").
    let name: String
    let file: String
    /// An id for the code element, which the copy button names.
    let id: String
    /// The stylesheet class that sizes the preview frame.
    let frameClass: String
    let code: String
    /// "Small widget preview", the preview frame's title.
    let previewTitle: String

    /// `width`×`height` in CSS pixels at the default 16 px font size; the frame is sized in
    /// rem so it grows with the reader's font size like the widget inside it. `slug` ("small")
    /// names the code's id and the frame's class in every language.
    init(_ size: PagePhrase, slug: String, width: Int, height: Int, _ wording: Wording) {
        name = wording(size)
        file = "\(slug).html"
        id = "snippet-\(slug)"
        frameClass = "frame-\(slug)"
        previewTitle = wording(PagePhrase.widgetPreview, ["name": name])
        let title = wording(PagePhrase.networkStatusOfSize, ["size": name.lowercased()])
        code = """
            <iframe src="\(file)" title="\(Self.attribute(title))" width="\(width)" height="\(height)" \
            style="border:0;width:\(Self.rem(width));height:\(Self.rem(height))" loading="lazy"></iframe>
            """
    }

    private static func rem(_ pixels: Int) -> String {
        let value = Double(pixels) / 16
        return value == value.rounded() ? "\(Int(value))rem" : "\(value)rem"
    }

    /// The title as an attribute value inside the code a person copies: a translation may
    /// hold a quote or an ampersand.
    private static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
