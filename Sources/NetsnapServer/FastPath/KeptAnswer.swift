import HTTPTypes

extension CachedFileShortcut.Shared {
    /// The kept answer to a GET or HEAD of `path` with `rawQuery` (nil without "?") and
    /// `headers`, and the part of the server it stands for: the one choice both shortcuts
    /// make. First `AccessGuard.admission`, the decision the router's responder asks too;
    /// then a cached output file (asked for without a query) or a kept tile, the wall's too. Nil: the router
    /// answers, refusals included.
    func keptAnswer(path: String, rawQuery: Substring?, headers: HTTPFields) -> (representation: Representation, handler: RequestHandler)? {
        let admission = accessGuard.admission(path: path, headers: headers)
        guard admission.admitted else { return nil }
        switch admission.handler {
        case .files where rawQuery == nil: return files.cachedRepresentation(ofRawPath: path).map { ($0, .files) }
        case .tiles:
            let query = rawQuery ?? ""
            let kept = tiles?.representation(path: path, rawQuery: query) ?? wallTiles?.representation(path: path, rawQuery: query)
            return kept.map { ($0, .tiles) }
        default: return nil
        }
    }
}
