import Crypto
import Foundation
import HTTPTypes
import NetsnapTiles

/// The names and URLs of the pictures `/api/display` hands out. A name is a keyed hash of the
/// picture's entity tag (itself a SHA-256 of the bytes), so it stays the same while the
/// picture does (the device skips the redraw) and, with a token configured, cannot be
/// guessed — which is why the image path needs no token: devices fetch `image_url` without
/// headers.
package struct DisplayImageLinks: Sendable {
    private let key: SymmetricKey
    /// host:port to put in `image_url` when the request names no usable Host.
    package let fallbackAuthority: String

    package init(token: String?, fallbackAuthority: String) {
        // Without a token the key is fixed, so names stay stable across restarts either way.
        key = SymmetricKey(data: Array((token ?? "netsnap display image").utf8))
        self.fallbackAuthority = fallbackAuthority
    }

    /// The name of the picture whose entity tag is `entityTag`: 32 hex digits.
    package func filename(forEntityTag entityTag: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(entityTag.utf8), using: key)
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// `image_url` for `filename`, on the scheme and host the request came by (`authority`
    /// is its Host).
    package func url(for filename: String, file: TileFileFormat, headers: HTTPFields, authority: String?) -> String {
        // Behind a TLS-terminating proxy the device must fetch the image over https too.
        let scheme = headers[HTTPField.Name("X-Forwarded-Proto")!] == "https" ? "https" : "http"
        return "\(scheme)://\(usable(authority))\(DisplayPaths.imagePrefix)\(filename).\(file.rawValue)"
    }

    /// The Host the client used, when it is a plain host[:port]; anything else could smuggle
    /// text into the URL, so it is replaced by the address the server listens on.
    private func usable(_ authority: String?) -> String {
        guard let authority, !authority.isEmpty, authority.count <= 255,
            authority.unicodeScalars.allSatisfy({ authorityCharacters.contains($0) })
        else { return fallbackAuthority }
        return authority
    }
}

/// What a Host header may hold to be copied into `image_url`: a name or address and a port.
private let authorityCharacters = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_:[]")
