extension Simulator {
    /// `NSFoundationVersionNumber_iOS_7_1` and `NSFoundationVersionNumber_iOS_8_0`, the
    /// constants seed 004's `compatibleBounds` compares with (SPEC rule 56), as the SDK's
    /// NSObjCRuntime.h defines them.
    public static let foundationVersionConstants: KeyValuePairs<String, Double> = [
        "NSFoundationVersionNumber_iOS_7_1": 1047.25,
        "NSFoundationVersionNumber_iOS_8_0": 1140.11,
    ]

    /// `NSFoundationVersionNumber` on a profile (SPEC rule 56): what an iOS 7.1 and an iOS
    /// 8.0.2 device report (1047.25, 1140.11) and the SDK's iOS 9.0 number (1240.1); from
    /// iOS 10 on, when Apple stopped publishing the numbers, increasing stand-ins above the
    /// SDK's `NSFoundationVersionNumber_iOS_9_x_Max` (1299): 1300 on 10, 100 more per version.
    public static func foundationVersionNumber(ios: Int) -> Double {
        switch ios {
        case ..<8: return 1047.25
        case 8: return 1140.11
        case 9: return 1240.1
        default: return 1300 + 100 * Double(ios - 10)
        }
    }

    /// `NSFoundationVersionNumber` on this simulator's profile.
    public var foundationVersionNumber: Double { Simulator.foundationVersionNumber(ios: configuration.ios) }
}
