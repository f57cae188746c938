// SPDX-License-Identifier: Apache-2.0
extension ColumnMapping {
  /// The presets' names, for `rangectl --preset`.
  public static let presetNames = ["android", "qorvo"]

  /// The mapping of a named log layout (docs/FORMATS.md §5), or nil for an
  /// unknown name. A preset's columns may be missing from a file; columns
  /// given with ``setSource(_:for:)`` afterwards override them.
  public static func preset(named name: String) -> ColumnMapping? {
    switch name {
    case "android": android
    case "qorvo": qorvo
    default: nil
    }
  }

  /// An export of Android's UWB ranging results, one row per
  /// `androidx.core.uwb.RangingPosition`: `elapsed_realtime_nanos` (ns since
  /// boot, `getElapsedRealtimeNanos()`), `device_address` (the peer's
  /// `UwbDevice` address), `distance` (metres), `azimuth` and `elevation`
  /// (degrees; positive azimuth is to the right of the boresight, the normal
  /// to the back of the device), and the angles' figures of merit
  /// `azimuth_fom`, `elevation_fom`, which are not used. Source:
  /// developer.android.com/reference/androidx/core/uwb/RangingPosition.
  ///
  /// The phone's attitude, on rows of its own (`device_address` empty) or
  /// on ranging rows: `rotation_vector_x`, `_y`, `_z`, `_w`, the
  /// `SensorEvent.values[0...3]` of `Sensor.TYPE_ROTATION_VECTOR`
  /// (`axis · sin(θ/2)` and `cos(θ/2)`, the quaternion that
  /// `SensorManager.getQuaternionFromVector` returns as w, x, y, z). It
  /// rotates the device frame (x right, y up along the screen, z out of the
  /// screen) into the east-north-up world frame, which is the pose
  /// convention of docs/FORMATS.md §1, so the values are read as they are.
  /// Source: developer.android.com/reference/android/hardware/SensorEvent
  /// (`values`, "Sensor.TYPE_ROTATION_VECTOR") and
  /// developer.android.com/reference/android/hardware/SensorManager
  /// (`getRotationMatrixFromVector`, device to world).
  public static var android: ColumnMapping {
    var mapping = ColumnMapping()
    mapping.setOptionalSource("elapsed_realtime_nanos", for: "t")
    mapping.setOptionalSource("device_address", for: "object")
    mapping.setOptionalSource("rotation_vector_w", for: "pose_w")
    mapping.setOptionalSource("rotation_vector_x", for: "pose_x")
    mapping.setOptionalSource("rotation_vector_y", for: "pose_y")
    mapping.setOptionalSource("rotation_vector_z", for: "pose_z")
    mapping.timeUnit = .ns
    mapping.angleUnit = .deg
    return mapping
  }

  /// A CSV of the `SESSION_INFO_NTF` lines that Qorvo's DW3 QM33 SDK CLI
  /// firmware (DWM3001CDK, QM33120WDK1) prints while ranging, one row per
  /// measurement: the logger's receive time `time_ms` (milliseconds; the line
  /// itself has none), `mac_address`, `status`, `distance[cm]`,
  /// `loc_az_pdoa`, `loc_az`, `loc_el_pdoa`, `loc_el`, `rmt_az`, `rmt_el`
  /// (degrees) and `RSSI[dBm]`. Read: time, address, status, distance and the
  /// local azimuth and elevation; a row whose status is not `SUCCESS` is
  /// rejected as `no_measurement`, with or without a distance. No pose: the
  /// line carries no attitude (the kits report none). Source: Qorvo,
  /// DWM3001CDK/QM33 SDK developer guide, "SESSION_INFO_NTF" output, and
  /// forum.qorvo.com/t/22984.
  public static var qorvo: ColumnMapping {
    var mapping = ColumnMapping()
    mapping.setOptionalSource("time_ms", for: "t")
    mapping.setOptionalSource("mac_address", for: "object")
    mapping.setOptionalSource("distance[cm]", for: "distance")
    mapping.setOptionalSource("loc_az", for: "azimuth")
    mapping.setOptionalSource("loc_el", for: "elevation")
    mapping.distanceUnit = .cm
    mapping.timeUnit = .ms
    mapping.angleUnit = .deg
    mapping.successStatus = SuccessStatus(column: "status", value: "SUCCESS")
    return mapping
  }
}
