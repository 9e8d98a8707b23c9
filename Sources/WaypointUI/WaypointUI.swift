// WaypointUI holds the SwiftUI and UIKit adapters. They compile only where those frameworks exist;
// on other platforms this module is empty and every decision stays in the `Waypoint` core.
#if canImport(SwiftUI)
import SwiftUI
import Waypoint
#endif
