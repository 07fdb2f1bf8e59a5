// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "locale-audit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LocaleAudit", targets: ["LocaleAudit"]),
        .executable(name: "locale-audit", targets: ["locale-audit"]),
        // The build tool plugin audits a target's catalogs on every build that changed them; the
        // command plugin is `swift package locale-audit`. Bench and fuzz are executable targets only:
        // `make bench` / `make fuzz` build them with --product, and users never see them.
        .plugin(name: "LocaleAuditBuildPlugin", targets: ["LocaleAuditBuildPlugin"]),
        .plugin(name: "LocaleAuditCommandPlugin", targets: ["LocaleAuditCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The system ICU (libicu-dev / icu4c). Only CICUShim may import it: a Swift module that sees
        // both these headers and Foundation's private ICU fails to compile (see README, "ICU").
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"]), .brew(["icu4c"])]
        ),
        // Plain-C functions over ICU; its public header exposes no ICU type. C++17 comes from
        // `cxxLanguageStandard` below: any `.unsafeFlags` would stop packages depending on this one
        // by version.
        .target(
            name: "CICUShim",
            dependencies: ["CICU"]
        ),
        // Compact Language Detector 2, loaded at run time with dlopen (see README, "Language
        // identification"): neither building nor running needs it, and the portable binary gains no
        // dynamic dependency. libdl is part of glibc 2.34+; older ones need it named.
        .target(
            name: "CLanguageID",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "LocaleAudit",
            dependencies: ["CICUShim", "CLanguageID", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "locale-audit",
            dependencies: [
                "LocaleAudit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: throughput on ../shared/corpus; speed targets live here, not in unit tests.
        .executableTarget(
            name: "locale-audit-bench",
            dependencies: ["LocaleAudit"]
        ),
        // `make fuzz`: libFuzzer targets for every parser (a replay tool in ordinary builds).
        .executableTarget(
            name: "locale-audit-fuzz",
            dependencies: ["LocaleAudit"]
        ),
        .plugin(
            name: "LocaleAuditBuildPlugin",
            capability: .buildTool(),
            dependencies: ["locale-audit"]
        ),
        .plugin(
            name: "LocaleAuditCommandPlugin",
            // No write permission asked for: `check` only reads, and asking would stop every run for
            // a yes. Writing reports into the package (-o, report --xliff) takes --disable-sandbox on macOS.
            capability: .command(
                intent: .custom(verb: "locale-audit", description: "Audit the package's localization catalogs (check, report, diff, …).")
            ),
            dependencies: ["locale-audit"]
        ),
        .testTarget(
            name: "LocaleAuditTests",
            dependencies: ["LocaleAudit"],
            // Expected reporter outputs and the corpus reports' digests, read through #filePath; not
            // resources of the test bundle.
            exclude: ["Reporting/Golden", "Robustness/corpus-digests.txt"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
