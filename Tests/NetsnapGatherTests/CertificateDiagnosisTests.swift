import Crypto
import Foundation
import Testing
import X509

@testable import NetsnapGather

/// The wording of a refused certificate chain, read from the chain itself.
@Suite struct CertificateDiagnosisTests {
    private let now = Date(timeIntervalSince1970: 1_763_812_345)

    private func certificate(subject: String, issuer: String, validFrom: Date, until: Date) throws -> Certificate {
        let key = P256.Signing.PrivateKey()
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: validFrom, notValidAfter: until,
            issuer: try DistinguishedName { CommonName(issuer) }, subject: try DistinguishedName { CommonName(subject) },
            signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(), issuerPrivateKey: .init(key))
    }

    @Test func eachRefusalSaysWhy() throws {
        let day: TimeInterval = 86_400
        let selfSigned = try certificate(subject: "nas", issuer: "nas", validFrom: now - day, until: now + day)
        #expect(CertificateDiagnosis.explain(leaf: selfSigned, chain: [selfSigned], now: now) == "certificate not trusted: self-signed")

        let expired = try certificate(subject: "nas", issuer: "Home CA", validFrom: now - 10 * day, until: now - 2 * day)
        #expect(CertificateDiagnosis.explain(leaf: expired, chain: [expired], now: now) == "certificate expired on 2025-11-20")

        let early = try certificate(subject: "nas", issuer: "Home CA", validFrom: now + 2 * day, until: now + 10 * day)
        #expect(CertificateDiagnosis.explain(leaf: early, chain: [early], now: now) == "certificate not valid before 2025-11-24")

        let leaf = try certificate(subject: "nas", issuer: "Home CA", validFrom: now - day, until: now + day)
        let root = try certificate(subject: "Home CA", issuer: "Home CA", validFrom: now - day, until: now + day)
        #expect(
            CertificateDiagnosis.explain(leaf: leaf, chain: [leaf, root], now: now)
                == "certificate not trusted: issued by CN=Home CA, an unknown root")
        #expect(CertificateDiagnosis.explain(leaf: leaf, chain: [leaf], now: now) == "certificate not trusted: unknown issuer CN=Home CA")
    }
}
