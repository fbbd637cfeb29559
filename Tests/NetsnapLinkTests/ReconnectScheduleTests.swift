import Testing

@testable import NetsnapLink

@Suite struct ReconnectScheduleTests {
    @Test func stepsDoubleUpToTheCap() {
        var schedule = ReconnectSchedule(initialSeconds: 1, maximumSeconds: 30)
        let steps = (0..<8).map { _ in schedule.nextPause(unit: 1) }
        #expect(steps == [1, 2, 4, 8, 16, 30, 30, 30])
    }

    @Test func jitterKeepsEachPauseInTheUpperHalfOfItsStep() {
        var low = ReconnectSchedule()
        var high = ReconnectSchedule()
        var middle = ReconnectSchedule()
        for _ in 0..<10 {
            let step = middle.step
            let pauses = (low.nextPause(unit: 0), middle.nextPause(unit: 0.5), high.nextPause(unit: 0.999))
            #expect(pauses.0 == step / 2)
            #expect(pauses.1 == step * 0.75)
            #expect(pauses.2 > pauses.1 && pauses.2 < step)
        }
        #expect(middle.step == 30)
    }

    @Test func randomPausesNeverExceedTheCap() {
        var schedule = ReconnectSchedule(initialSeconds: 0.5, maximumSeconds: 30)
        for _ in 0..<200 {
            let pause = schedule.nextPause(unit: Double.random(in: 0..<1))
            #expect(pause > 0 && pause <= 30)
        }
        #expect(schedule.failures == 200)
    }

    @Test func resetStartsOverFromTheFirstStep() {
        var schedule = ReconnectSchedule(initialSeconds: 1, maximumSeconds: 30)
        for _ in 0..<6 { _ = schedule.nextPause(unit: 1) }
        schedule.reset()
        #expect(schedule.failures == 0)
        #expect(schedule.nextPause(unit: 1) == 1)
    }

    @Test func outOfRangeRandomnessIsClamped() {
        var schedule = ReconnectSchedule(initialSeconds: 4, maximumSeconds: 30)
        #expect(schedule.nextPause(unit: 7) == 4)
        #expect(schedule.nextPause(unit: -3) == 4)
    }
}

@Suite struct LinkEndpointTests {
    @Test(arguments: [
        ("mac.lan:9000", "mac.lan", 9000), ("192.0.2.5:1", "192.0.2.5", 1), ("[fe80::1%en0]:65535", "fe80::1%en0", 65535),
        ("[::1]:9000", "::1", 9000),
    ])
    func parsesHostAndPort(text: String, host: String, port: Int) throws {
        let endpoint = try #require(LinkEndpoint(text))
        #expect(endpoint.host == host && endpoint.port == port)
        #expect(endpoint.description == text)
    }

    @Test(arguments: ["mac.lan", ":9000", "mac.lan:", "mac.lan:0", "mac.lan:65536", "::1:9000", "[::1]9000", "mac lan:9000", "host:port"])
    func refusesMalformedText(text: String) {
        #expect(LinkEndpoint(text) == nil)
    }
}
