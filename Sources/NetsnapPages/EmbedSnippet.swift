/// One widget's embed code, shown on `embed.html` to copy.
struct EmbedSnippet: Sendable {
    let name: String
    let file: String
    /// An id for the code element, which the copy button names.
    let id: String
    /// The stylesheet class that sizes the preview frame.
    let frameClass: String
    let code: String

    /// `width`×`height` in CSS pixels at the default 16 px font size; the frame is sized in
    /// rem so it grows with the reader's font size like the widget inside it.
    init(name: String, file: String, width: Int, height: Int) {
        self.name = name
        self.file = file
        let slug = name.lowercased()
        id = "snippet-\(slug)"
        frameClass = "frame-\(slug)"
        code = """
            <iframe src="\(file)" title="Network status (\(slug))" width="\(width)" height="\(height)" \
            style="border:0;width:\(Self.rem(width));height:\(Self.rem(height))" loading="lazy"></iframe>
            """
    }

    private static func rem(_ pixels: Int) -> String {
        let value = Double(pixels) / 16
        return value == value.rounded() ? "\(Int(value))rem" : "\(value)rem"
    }
}
