import Foundation
import Testing
import TestSupport

/// An app file that imports both SwiftUI and Waypoint uses every Waypoint type without qualifying it.
///
/// SwiftUI does not exist here, so a stub module named `SwiftUI` declares the top-level names that
/// SwiftUI declares (its types, property wrappers and protocols); the test type-checks a file that
/// imports both and names every public top-level type of `Waypoint`, read from its sources.
@Suite("Waypoint's names beside SwiftUI's")
struct SwiftUINamesTests {
    /// Top-level names of SwiftUI (iOS 18, macOS 15), as empty declarations.
    static let swiftUINames = """
        AccessibilityActionKind AccessibilityAdjustmentDirection AccessibilityAttachmentModifier AccessibilityChildBehavior
        AccessibilityCustomContentKey AccessibilityFocusState AccessibilityHeadingLevel AccessibilityLabeledPairRole
        AccessibilityRotorEntry AccessibilityTechnologies AccessibilityTraits ActionSheet Alert Alignment AlignmentID
        Anchor Angle AngularGradient Animatable AnimatablePair Animation AnyGesture AnyGradient AnyLayout AnyShape
        AnyShapeStyle AnyTransition AnyView App AppStorage AsyncImage AsyncImagePhase Axis BackgroundStyle Binding
        Bindable BlendMode BorderedButtonStyle Button ButtonBorderShape ButtonRole ButtonStyle Canvas Capsule Circle
        Color ColorPicker ColorRenderingMode ColorScheme ColorSchemeContrast CommandGroup CommandMenu Commands
        ContainerRelativeShape ContainerValues ContentMode ContentShapeKinds ContentTransition ContentUnavailableView
        ControlGroup ControlSize CubicKeyframe DatePicker DefaultFocusEvaluationPriority DisclosureGroup DismissAction
        DismissWindowAction Divider DocumentGroup DragGesture DropDelegate DropInfo DropOperation DropProposal
        DynamicTypeSize Edge EditButton EditMode EdgeInsets Ellipse EllipticalGradient EmptyAnimatableData EmptyView
        Environment EnvironmentKey EnvironmentObject EnvironmentValues EquatableView EventModifiers ExclusiveGesture
        FetchRequest FetchedResults FillStyle FocusInteractions FocusState FocusedBinding FocusedObject FocusedValue
        FocusedValues Font ForEach ForegroundStyle Form FormStyle GeometryProxy GeometryReader Gesture GestureMask
        GestureState Gauge Gradient Grid GridItem GridRow Group GroupBox HStack HierarchicalShapeStyle
        HorizontalAlignment HorizontalEdge HoverEffect HoverPhase Image ImagePaint ImageRenderer ImmersiveSpace
        InsettableShape KeyEquivalent KeyPress KeyboardShortcut KeyframeAnimator KeyframeTrack Keyframes Label
        LabeledContent LabelStyle Layout LayoutDirection LayoutProperties LayoutSubview LayoutSubviews LayoutValueKey
        LazyHGrid LazyHStack LazyVGrid LazyVStack LinearGradient LinearKeyframe Link List ListStyle LongPressGesture
        MagnificationGesture MagnifyGesture Material Menu MenuBarExtra MenuStyle MeshGradient ModifiedContent
        MoveKeyframe Namespace NavigationLink NavigationPath NavigationSplitView NavigationStack NavigationView
        ObservedObject OffsetShape OpenURLAction OpenWindowAction OutlineGroup PasteButton Path PhaseAnimator Picker
        PickerStyle PinnedScrollableViews PopoverAttachmentAnchor PreferenceKey PresentationAdaptation
        PresentationBackgroundInteraction PresentationDetent PreviewProvider Previewable PrimitiveButtonStyle
        ProgressView ProgressViewStyle Prominence ProposedViewSize RadialGradient Rectangle RedactionReasons
        RefreshAction RenameAction RenameButton RotateGesture RotatedShape RotationGesture RoundedRectangle
        SafeAreaRegions ScaledMetric ScaledShape Scene SceneBuilder ScenePhase SceneStorage ScrollAnchorRole
        ScrollBounceBehavior ScrollContentOffsetAdjustmentBehavior ScrollDismissesKeyboardMode ScrollGeometry
        ScrollIndicatorVisibility ScrollPhase ScrollPosition ScrollTarget ScrollTargetBehavior ScrollView
        ScrollViewProxy ScrollViewReader SearchFieldPlacement SearchSuggestionsPlacement Section SecureField
        SelectionShapeStyle SensoryFeedback SeparatorShapeStyle SequenceGesture Settings Shape ShapeStyle ShareLink
        SimultaneousGesture Slider SpatialTapGesture Spacer Spring SpringKeyframe State StateObject Stepper
        StrokeStyle SubmitLabel SubmitTriggers SubscriptionView SymbolRenderingMode SymbolVariants Tab TabSection
        TabView TabViewStyle Table TableColumn TableRow TableStyle TapGesture Text TextAlignment TextEditor
        TextField TextFieldStyle TextProxy TextRenderer TimelineSchedule TimelineView TintShapeStyle Toggle
        ToggleStyle ToolbarContent ToolbarItem ToolbarItemGroup ToolbarItemPlacement ToolbarPlacement ToolbarRole
        Transaction TransformedShape Transition TransitionPhase TupleView UnevenRoundedRectangle UnitCurve UnitPoint
        VStack VerticalAlignment VerticalEdge View ViewBuilder ViewModifier ViewThatFits Visibility Window
        WindowGroup ZStack
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// Top-level names of MacTypes (`MacTypes.h`), which Foundation brings into every file on Apple
    /// platforms: an app file that imports Foundation and Waypoint sees these beside Waypoint's.
    static let macTypesNames = """
        AbsoluteTime Boolean Byte ByteCount ByteOffset BytePtr CharParameter CompTimeValue Duration Fixed FixedPoint
        FixedPtr FixedRect Float32Point Fract Handle ItemCount LangCode LogicalAddress NumVersion NumVersionVariant
        OSErr OSStatus OSType OptionBits PBVersion PhysicalAddress Point ProcPtr Ptr Rect RegionCode ResType
        ScriptCode ShortFixed SignedByte Size Str15 Str255 Str27 Str31 Str32 Str63 StringPtr Style StyleField
        StyleParameter TimeBase TimeRecord TimeScale TimeValue TimeValue64 UniChar UniCharCount UnsignedFixed
        VersRec
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// The stub `SwiftUI` module's source: SwiftUI's names and MacTypes' (SwiftUI re-exports
    /// Foundation, which brings MacTypes on Apple platforms).
    static var stubSource: String {
        (swiftUINames + macTypesNames).map { "public struct \($0) { public init() {} }" }.joined(separator: "\n") + "\n"
    }

    /// Every public top-level type (struct, enum, class, actor, protocol, typealias) of `Waypoint`.
    static func waypointTypeNames() throws -> [String] {
        let folder = Repository.root.appendingPathComponent("Sources/Waypoint")
        let pattern = try Regex(#"(?m)^(?:@\w+(?:\([^)]*\))? )*public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names.sorted()
    }

    /// Type-checks `body` in a file that imports the stub SwiftUI, `Waypoint` and, when given, `extraModule`.
    static func typecheckBesideSwiftUI(_ body: String, extraModule: (name: String, source: String)? = nil) async throws -> TypeCheck.Result {
        let folder = try TemporaryFiles.directory("swiftui-stub")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = try await TypeCheck.emitModule(named: "SwiftUI", source: stubSource, into: folder)
        #expect(stub.succeeded, "\(stub.output)")
        var imports = "import SwiftUI\nimport Waypoint\n"
        if let extraModule {
            let extra = try await TypeCheck.emitModule(named: extraModule.name, source: extraModule.source, into: folder)
            #expect(extra.succeeded, "\(extra.output)")
            imports += "import \(extraModule.name)\n"
        }
        return try await TypeCheck.typecheck(imports + body, searchPaths: [folder])
    }

    @Test("Every Waypoint type is named unqualified in a file that imports SwiftUI and Foundation",
          .enabled(if: TypeCheck.modules != nil))
    func everyTypeIsUnambiguous() async throws {
        let names = try Self.waypointTypeNames()
        #expect(names.count > 100, "read \(names.count) names from Sources/Waypoint")
        #expect(names.contains("Insets") && names.contains("ExperimentAssignment") && names.contains("OverlayLayout"))
        #expect(names.contains("OverlayRect") && !names.contains("Rect"))
        let body = names.map { "extension \($0) {}" }.joined(separator: "\n")
        let result = try await Self.typecheckBesideSwiftUI(body)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test("An overlay written with both modules compiles unqualified", .enabled(if: TypeCheck.modules != nil))
    func appCodeCompiles() async throws {
        let result = try await Self.typecheckBesideSwiftUI("""
            let target = OverlayRect(x: 0, y: 100, width: 390, height: 600)
            let screen = OverlaySize(width: 390, height: 844)
            let point = OverlayPoint(x: 0, y: 1_200)
            let safeArea = Insets(top: 47, bottom: 34)
            let assignment = ExperimentAssignment(experiment: "onboarding", variation: "short")
            let view = Text()
            """)
        #expect(result.succeeded, "\(result.output)")
    }

    @Test("The check finds a name that MacTypes declares too", .enabled(if: TypeCheck.modules != nil))
    func aMacTypesCollisionFails() async throws {
        let result = try await Self.typecheckBesideSwiftUI(
            "extension Rect {}\n",
            extraModule: ("Colliding", "public struct Rect {}\n"))
        #expect(!result.succeeded)
        #expect(result.output.contains("ambiguous"), "\(result.output)")
    }

    @Test("The check finds a name that SwiftUI declares too", .enabled(if: TypeCheck.modules != nil))
    func aCollisionFails() async throws {
        let result = try await Self.typecheckBesideSwiftUI(
            "extension EdgeInsets {}\n",
            extraModule: ("Colliding", "public struct EdgeInsets {}\n"))
        #expect(!result.succeeded)
        #expect(result.output.contains("ambiguous"), "\(result.output)")
    }
}
