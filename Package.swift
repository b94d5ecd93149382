// swift-tools-version:6.1
import PackageDescription

// Layers, bottom to top (see CONVENTIONS.md): C shims → V4L2 → Media → Capture → Jobs / Filing
// → Scheduler → the `camsched` executable. Each layer depends only on the ones below it; the import
// table of Documentation/architecture.md lists the allowed arrows (scripts/check-imports.py checks it).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "camsched",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "camsched", targets: ["camsched"]),
        // libcamera cameras: the C++ shim camsched opens with dlopen (CamschedLibcamera's
        // LibcameraLibrary), never links; `make install` puts it in PREFIX/lib/camsched.
        .library(name: "camsched-libcamera", type: .dynamic, targets: ["CLibcameraShim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.9.0" ..< "5.0.0"),
        // MARK: Fleet catalog (PostgreSQL)
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        // Live status (SPEC section 6): HTTP server and Prometheus metrics. Hummingbird without
        // its swift-configuration trait: camsched configures it from its own options.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // Errno, FileDescriptor and Stat for the metrics file's checks (already in the graph through swift-nio).
        .package(url: "https://github.com/apple/swift-system", from: "1.7.0"),
    ],
    targets: [
        // MARK: C libraries from Debian, found through pkg-config
        .systemLibrary(
            name: "CLibV4L2", pkgConfig: "libv4l2",
            providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(
            name: "CLibAV",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev"])]),
        .systemLibrary(
            name: "CLibExif", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]),
        // ALSA (libasound2): microphones, for CamschedALSA alone.
        .systemLibrary(
            name: "CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        // libcamera's C++ API, for CLibcameraShim alone (Raspberry Pi camera modules).
        .systemLibrary(
            name: "CLibcamera", pkgConfig: "libcamera",
            providers: [.apt(["libcamera-dev"])]),

        // MARK: C shims: fixed signatures for variadic C and function-like macros
        .target(name: "CV4L2Shim", dependencies: ["CLibV4L2"], linkerSettings: [.linkedLibrary("v4l2")]),
        // ALSA's variadic error handler silenced (the Swift layer reports every failure itself).
        .target(name: "CALSAShim", dependencies: ["CALSA"]),
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        // libmosquitto (libmosquitto-dev's header) opened with dlopen on the first MQTT connection.
        .target(name: "CMosquittoShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CFFmpegShim", dependencies: ["CLibAV"],
            // FFmpeg's libraries are not linked: LazyAV.c loads them on first use.
            linkerSettings: [.linkedLibrary("dl")]),
        // The C interface of the libcamera shim: one header, the table of functions it returns.
        .target(name: "CLibcameraAPI"),
        // The shim itself (C++ over libcamera's API), built as libcamsched-libcamera.so: no Swift
        // target depends on it, so the camsched binary never links libcamera. Without
        // libcamera-dev it compiles to a stub whose functions say so.
        // SwiftPM links the product with swiftc, which adds the Swift runtime (swiftrt.o needs it):
        // fine in a build tree; `make release` compiles the installed one with clang++ alone.
        .target(name: "CLibcameraShim", dependencies: ["CLibcameraAPI", "CLibcamera"]),

        // MARK: Swift layers
        // The vocabulary every layer shares (still formats, codecs), pure Swift.
        .target(
            name: "CamschedCore",
            // SystemCall: the one errno path, with swift-system's Errno.
            dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedV4L2",
            dependencies: ["CamschedCore", "CV4L2Shim"],
            swiftSettings: swiftSettings),
        // Microphones (the device layer beside V4L2): ALSA capture PCMs, their cards and timestamps.
        .target(
            name: "CamschedALSA",
            dependencies: ["CamschedCore", "CALSA", "CALSAShim"],
            swiftSettings: swiftSettings),
        // libcamera cameras (the device layer beside V4L2): LibcameraLibrary opens the shim.
        .target(
            name: "CamschedLibcamera",
            dependencies: ["CamschedCore", "CLibcameraAPI"],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedMedia",
            dependencies: ["CamschedCore", "CFFmpegShim", "CJPEGShim", "CLibExif"],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedCapture",
            dependencies: ["CamschedCore", "CamschedV4L2", "CamschedALSA", "CamschedLibcamera", "CamschedMedia", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedJobs",
            dependencies: ["CamschedCore"],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedFiling",
            dependencies: [
                "CamschedCore", "CamschedMedia",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SHA-256 of filed files (BoringSSL's, in the binary; postgres-nio needs it too).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                // Errno of the one errno path (CamschedCore's SystemCall).
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings),
        // MARK: Fleet catalog: the local catalog's queue sent to PostgreSQL
        .target(
            name: "CamschedFleet",
            dependencies: [
                "CamschedCore", "CamschedFiling", "CamschedJobs",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "CamschedScheduler",
            dependencies: [
                "CamschedCore", "CamschedCapture", "CamschedMedia", "CamschedJobs", "CamschedFiling",
                "CamschedFleet",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        // MQTT (a job's "mqtt" block): events through a durable queue, retained state, commands.
        .target(
            name: "CamschedMQTT",
            dependencies: [
                "CamschedCore", "CamschedJobs", "CamschedFiling", "CamschedFleet", "CamschedScheduler", "CMosquittoShim",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings),
        // The report of one run (`camsched report`): contact sheet, SVG charts, self-contained HTML.
        .target(
            name: "CamschedReport",
            dependencies: ["CamschedCore", "CamschedMedia", "CamschedFiling"],
            swiftSettings: swiftSettings),
        // Live status: the HTTP server, the status board fed by run events, metrics.
        .target(
            name: "CamschedStatus",
            dependencies: [
                "CamschedCore", "CamschedScheduler", "CamschedMedia", "CamschedJobs", "CamschedFiling",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // The MJPEG stream's socket options (a small send buffer, so a stalled client shows soon).
                .product(name: "NIOCore", package: "swift-nio"),
                // One event loop thread of its own: a status server's load is small.
                .product(name: "NIOPosix", package: "swift-nio"),
                // HTTPParserError: a request that breaks mid-answer ends its connection, as in Hummingbird.
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
                // The metrics file is looked at and written without following a link (Stat, FileDescriptor, Errno).
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "camsched",
            dependencies: [
                "CamschedReport",
                "CamschedCore", "CamschedScheduler", "CamschedCapture", "CamschedMedia", "CamschedJobs", "CamschedFiling",
                "CamschedFleet", "CamschedStatus", "CamschedMQTT",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings,
            // MARK: Start-up of the release binary (issue 15): the Makefile links it
            // position-dependent (no relative relocations at all); built as a PIE (`make release
            // PIE=1`), lld packs its ~110,000 relative relocations as DT_RELR (a few KB instead of
            // 2.7 MB of RELA the loader reads at every start); gold, the toolchain's default, cannot.
            linkerSettings: [
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(configuration: .release)),
            ]),

        // MARK: Tests
        .target(
            name: "CamschedTestSupport",
            dependencies: ["CamschedCore", "CamschedCapture", "CamschedMedia", "CamschedV4L2", "CFFmpegShim", .product(name: "Logging", package: "swift-log")],
            path: "Tests/CamschedTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(name: "CamschedV4L2Tests", dependencies: ["CamschedV4L2", "CamschedTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedMediaTests", dependencies: ["CamschedCore", "CamschedMedia", "CamschedTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedCaptureTests", dependencies: ["CamschedCapture", "CamschedMedia", "CamschedV4L2", "CamschedTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedJobsTests", dependencies: ["CamschedCore", "CamschedJobs"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedFilingTests", dependencies: ["CamschedCore", .product(name: "SystemPackage", package: "swift-system"), "CamschedFiling", "CamschedJobs", "CamschedTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedSchedulerTests", dependencies: ["CamschedCore", "CamschedScheduler", "CamschedCapture", "CamschedMedia", "CamschedJobs", "CamschedFiling", "CamschedTestSupport"], swiftSettings: swiftSettings),
        // HummingbirdTesting: the status routes answered in-process, through the router.
        .testTarget(name: "CamschedStatusTests", dependencies: [
            "CamschedStatus", "CamschedScheduler", "CamschedCapture", "CamschedMedia", "CamschedFiling", "CamschedJobs", "CamschedV4L2",
            "CamschedTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
        ], swiftSettings: swiftSettings),
        // `camsched` (the executable's module): the fast `snapshot` argument path against swift-argument-parser's.
        .testTarget(name: "EndToEndTests", dependencies: ["CamschedJobs", "CamschedMedia", "CamschedTestSupport", "camsched"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedReportTests", dependencies: ["CamschedCore", "CamschedReport", "CamschedFiling", "CamschedMedia"], swiftSettings: swiftSettings),
        .testTarget(name: "CamschedFleetTests", dependencies: ["CamschedFleet", "CamschedFiling", "CamschedJobs", "CamschedTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "VividTests", dependencies: ["CamschedV4L2", "CamschedCapture", "CamschedMedia", "CamschedLibcamera", "CamschedTestSupport"], swiftSettings: swiftSettings),
        // The libcamera module's loading and mapping on the host (its camera tests run on vimc in the guest).
        .testTarget(name: "CamschedLibcameraTests", dependencies: ["CamschedCore", "CamschedLibcamera"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6],
    // libcamera's headers need C++17.
    cxxLanguageStandard: .cxx17
)
