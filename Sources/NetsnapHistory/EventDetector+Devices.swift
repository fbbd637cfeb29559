import Foundation
import NetsnapLanguage
import NetsnapModel

extension EventDetector {
    func detectDevices(_ devices: [LocalDevice], at: Date, state: inout DetectorState, into events: inout [NetworkEvent]) {
        var present: Set<String> = []
        present.reserveCapacity(devices.count)
        for device in devices where device.status != .offline {
            let key = HistoryStore.deviceKey(device)
            present.insert(key)
            let known = state.devices[key] != nil
            let publicName = PublicDeviceName(device)
            state.devices[key] = DetectorState.DeviceMemory(
                id: device.id.uuidString, name: device.displayName, publicName: publicName.english, missing: 0, goneAt: nil,
                publicNameParts: publicName)
            guard !known, state.hasDeviceBaseline else { continue }
            events.append(joined(device, publicName: publicName, at: at))
        }
        // Sorted, so the same history gives the same events in the same order.
        for key in state.devices.keys.sorted() where !present.contains(key) {
            guard var memory = state.devices[key], !memory.gone else { continue }
            memory.missing += 1
            if memory.missing >= failuresBeforeEvent {
                memory.goneAt = at.timeIntervalSince1970
                events.append(gone(memory, at: at))
            }
            state.devices[key] = memory
        }
    }

    private func joined(_ device: LocalDevice, publicName: PublicDeviceName, at: Date) -> NetworkEvent {
        var data = ["name": device.displayName, "deviceType": device.deviceType.rawValue]
        data["ipAddress"] = device.ipAddress?.text
        data["macAddress"] = device.macAddress?.text
        data["vendor"] = device.vendor
        let text =
            device.ipAddress.map { wording(EventPhrase.joinedNetworkAt, ["name": device.displayName, "address": $0.text]) }
            ?? wording(EventPhrase.joinedNetwork, ["name": device.displayName])
        let shownName = publicName.worded(wording)
        return NetworkEvent(
            kind: .newDevice, occurredAt: at, subjectKey: device.id.uuidString,
            wording: .init(title: wording(EventPhrase.newDevice, ["name": device.displayName]), text: text, data: data),
            publicWording: .init(
                title: wording(EventPhrase.newDevice, ["name": shownName]), text: wording(EventPhrase.joinedNetwork, ["name": shownName]),
                data: ["name": publicName.english, "deviceType": device.deviceType.rawValue]))
    }

    private func gone(_ memory: DetectorState.DeviceMemory, at: Date) -> NetworkEvent {
        // A device remembered before the parts were kept has only its English public name.
        let shownName = memory.publicNameParts?.worded(wording) ?? memory.publicName
        func told(_ name: String, data: [String: String]) -> NetworkEvent.Wording {
            .init(
                title: wording(EventPhrase.deviceGone, ["name": name]),
                text: wording(EventCountPhrase.notSeen, count: memory.missing, ["name": name]), data: data)
        }
        return NetworkEvent(
            kind: .deviceGone, occurredAt: at, subjectKey: memory.id, wording: told(memory.name, data: ["name": memory.name]),
            publicWording: told(shownName, data: ["name": memory.publicName]))
    }
}
