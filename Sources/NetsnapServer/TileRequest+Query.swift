extension TileRequest {
    /// Why a tile query was refused (answered 400).
    struct QueryError: Error, Equatable {
        let message: String
    }

    /// The request for `/tiles/<name>.png` with the (decoded) values of its `scale` and `theme`
    /// query parameters: nil when `name` is no size or profile (the path may still be a file
    /// in the output folder), `QueryError` when a parameter has a bad value or is given twice.
    static func parse(name: Substring, scaleValues: [Substring], themeValues: [Substring]) throws(QueryError)
        -> TileRequest?
    {
        let canvas: Canvas
        if let size = Size(rawValue: String(name)) {
            canvas = .size(size)
        } else if let profile = Profile(rawValue: String(name)) {
            canvas = .profile(profile)
        } else {
            return nil
        }
        guard scaleValues.count <= 1, themeValues.count <= 1 else {
            throw QueryError(message: "give scale and theme at most once each")
        }
        var theme: Theme
        switch canvas {
        case .size: theme = .dark
        // E-ink panels show black on white; a dark tile would be a mostly black screen.
        case .profile: theme = .light
        }
        if let value = themeValues.first {
            guard let chosen = Theme(rawValue: String(value)) else {
                throw QueryError(message: "theme must be one of \(Theme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            theme = chosen
        }
        var scale = 2
        if let value = scaleValues.first {
            guard case .size = canvas else {
                throw QueryError(message: "\(name) has a fixed canvas; scale applies to small, medium and large")
            }
            guard let number = Int(value), scales.contains(number), String(number) == value else {
                throw QueryError(message: "scale must be 1, 2 or 3")
            }
            scale = number
        }
        if case .profile = canvas { scale = 1 }
        return TileRequest(canvas: canvas, scale: scale, theme: theme)
    }
}
