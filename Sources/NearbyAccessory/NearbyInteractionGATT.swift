// SPDX-License-Identifier: Apache-2.0
/// The Nearby Interaction GATT service an accessory exposes so that iOS can
/// read its Accessory Configuration Data over Bluetooth LE (Nearby
/// Interaction Accessory Protocol Specification R2, section 4), for example
/// to start ranging while the iPhone app is in the background.
///
/// The service is for iOS itself, not for apps. The accessory builds its
/// GATT table from these constants:
/// - one primary service, ``serviceUUID``;
/// - one Accessory Configuration Data characteristic,
///   ``accessoryConfigurationDataUUID``, per concurrent session
///   (``AccessorySessionTable`` gives each session its instance index),
///   readable (``characteristicProperties``) and only over an encrypted
///   link (``readRequiresEncryption``); its value is an
///   ``AccessoryConfigurationData`` message, new for each session;
/// - when there is more than one instance, a Characteristic User
///   Description descriptor (``userDescriptionDescriptorUUID``) on each
///   (``requiresUserDescription(instanceCount:)``).
///
/// The text the user descriptions must hold is not reproduced here: the
/// specification was not available when this was written.
public enum NearbyInteractionGATT {
  /// The Nearby Interaction service, `48fe3e40-0817-4bb2-8633-3073689c2dba`.
  public static var serviceUUID: BluetoothUUID {
    BluetoothUUID(high: 0x48fe_3e40_0817_4bb2, low: 0x8633_3073_689c_2dba)
  }

  /// The Accessory Configuration Data characteristic,
  /// `95e8d9d5-d8ef-4721-9a4e-807375f53328`.
  public static var accessoryConfigurationDataUUID: BluetoothUUID {
    BluetoothUUID(high: 0x95e8_d9d5_d8ef_4721, low: 0x9a4e_8073_75f5_3328)
  }

  /// The characteristic's properties byte: Read (0x02) only, no write and
  /// no notify (Bluetooth Core Specification, Vol 3, Part G, 3.3.1.1).
  public static var characteristicProperties: UInt8 { 0x02 }

  /// Reading the characteristic needs an encrypted link: the stack answers
  /// Insufficient Encryption until the iPhone has paired.
  public static var readRequiresEncryption: Bool { true }

  /// Characteristic User Description, 0x2901 (Bluetooth Assigned Numbers).
  public static var userDescriptionDescriptorUUID: UInt16 { 0x2901 }

  /// Whether each characteristic instance needs a user description: only
  /// when there are several.
  ///
  /// - Parameter instanceCount: the number of Accessory Configuration Data
  ///   characteristics in the service, at least 1.
  public static func requiresUserDescription(instanceCount: Int) -> Bool {
    precondition(instanceCount >= 1, "NearbyInteractionGATT: a service has at least one characteristic")
    return instanceCount > 1
  }
}
