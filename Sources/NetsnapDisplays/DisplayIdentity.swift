import Crypto
import Foundation
import NetsnapModel

/// The short name a display goes by: six hex digits derived from its MAC address, so the
/// same device always has the same id and the MAC itself appears nowhere it is shown.
package enum DisplayIdentity {
    package static func friendlyID(of device: MACAddress) -> String {
        SHA256.hash(data: Array(device.text.utf8)).prefix(3).map { String(format: "%02X", $0) }.joined()
    }
}
