import HTTPTypes
import NetsnapModel

/// Which TRMNL devices this server pairs with, and what `/api/setup` answers. With a token
/// configured, only the devices listed in `serve.trmnlDevices` get it; without one, any
/// device (or any listed one) gets a fixed key that nothing checks. The device names itself
/// by its MAC address in the `ID` header.
package struct DisplayPairing: Sendable {
    /// The server's token: the key paired devices get, when one is configured.
    package let token: String?
    /// The devices `/api/setup` pairs with; empty pairs any device, but only without a token.
    package let pairedDevices: Set<MACAddress>

    package static var deviceIDField: HTTPField.Name { HTTPField.Name("ID")! }
    /// What devices send as `Access-Token` when no token is configured: nothing checks it.
    package static var openAPIKey: String { "netsnap" }

    package init(token: String?, pairedDevices: [MACAddress]) {
        self.token = token
        self.pairedDevices = Set(pairedDevices)
    }

    /// What `/api/setup` makes of a request's headers.
    package enum Setup: Equatable {
        /// Not paired: the status and the body that says why.
        case refused(HTTPResponse.Status, SetupResponse)
        /// A device this server pairs with.
        case paired(MACAddress)
    }

    package func setup(headers: HTTPFields) -> Setup {
        guard let id = headers[Self.deviceIDField], let device = MACAddress(id) else {
            return .refused(
                .badRequest,
                SetupResponse(
                    status: 400, apiKey: nil, friendlyID: nil, imageURL: nil, message: "send the device's MAC address in the ID header"))
        }
        let paired = pairedDevices.isEmpty ? token == nil : pairedDevices.contains(device)
        guard paired else {
            return .refused(
                .notFound,
                SetupResponse(
                    status: 404, apiKey: nil, friendlyID: nil, imageURL: nil,
                    message: "\(device) is not among this server's devices (serve.trmnlDevices)"))
        }
        return .paired(device)
    }

    /// The answer to a paired `device`: the key, its friendly id and the first picture's URL.
    package func paired(_ device: MACAddress, imageURL: String?) -> SetupResponse {
        SetupResponse(
            status: 200, apiKey: token ?? Self.openAPIKey, friendlyID: DisplayIdentity.friendlyID(of: device), imageURL: imageURL,
            message: "paired with netsnap")
    }

    /// The display named by the `ID` header, when it is one this server pairs with (the
    /// token, if any, was checked before); nil for a BYOS client that sends no MAC address,
    /// or a device not in `serve.trmnlDevices`.
    package func pairedDevice(headers: HTTPFields) -> MACAddress? {
        guard let id = headers[Self.deviceIDField], let device = MACAddress(id), pairedDevices.isEmpty || pairedDevices.contains(device)
        else { return nil }
        return device
    }
}
