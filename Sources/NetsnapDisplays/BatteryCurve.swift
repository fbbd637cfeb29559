/// A display's charge in percent from its battery voltage, on the curve TRMNL itself uses
/// (the server's `percent_charged_calculation`, mirrored in the firmware's
/// `bq27427_battery.cpp`) so netsnap and the TRMNL app show the same number for the same
/// single Li-ion cell: 3.0 V is 0 % and each 12 mV adds 1 %; from 4.056 V (88 %) it reads
/// 100 %, because a resting cell sags from 4.2 V to about 4.08 V right after a full charge,
/// with 95 % from 4.02 V and 90 % from 3.996 V; below 3.12 V it reads 1 %, never 0, as a
/// device that still talks has some charge left.
package enum BatteryCurve {
    package static func percent(volts: Double) -> Int {
        let linear = (volts - 3.0) / 0.012
        switch linear {
        case 88...: return 100
        case 85..<88: return 95
        case 83..<85: return 90
        case 10..<83: return Int(linear.rounded())
        default: return 1
        }
    }
}
