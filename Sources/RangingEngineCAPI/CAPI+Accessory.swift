// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import _RangingEngineCHeader

// Accessory Configuration Data, Apple Shareable Configuration Data and the
// rate's lost timeout: thunks for the functions of ranging_engine.h's
// "Accessory Configuration Data" and "Apple Shareable Configuration Data"
// sections, which document them. Each checks its pointers, then calls the
// NearbyAccessory core's raw-memory entry points. None allocates.

@c(ranging_accessory_config_encode)
public func rangingAccessoryConfigEncode(
  _ rate: ranging_update_rate_t, _ uwbConfigData: UnsafePointer<UInt8>?, _ uwbConfigDataLength: Int,
  _ output: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ length: UnsafeMutablePointer<Int>?
) -> ranging_status_t {
  guard let length, uwbConfigData != nil || uwbConfigDataLength == 0, output != nil || capacity == 0 else {
    return CAPIStatus.nullArgument
  }
  guard let rate = CAPIAccessory.rate(rate) else { return CAPIStatus.invalidArgument }
  // size_t arrives as Int: a "negative" length is more than Int.max bytes.
  guard uwbConfigDataLength >= 0 else { return CAPIStatus.dataTooLong }
  let capacity = capacity >= 0 ? capacity : Int.max
  guard !overlaps(UnsafeRawPointer(uwbConfigData), uwbConfigDataLength, UnsafeRawPointer(output), capacity) else {
    return CAPIStatus.invalidArgument
  }
  do {
    length.pointee = try AccessoryConfigurationData.encode(
      preferredUpdateRate: rate, uwbConfigData: UnsafeRawBufferPointer(start: uwbConfigData, count: uwbConfigDataLength),
      into: UnsafeMutableRawBufferPointer(start: output, count: capacity))
    return CAPIStatus.ok
  } catch {
    switch error {
    case .uwbConfigDataTooLong: return CAPIStatus.dataTooLong
    case .outputTooSmall(let needed, _):
      length.pointee = needed
      return CAPIStatus.bufferTooSmall
    }
  }
}

/// Whether two non-empty byte ranges share a byte.
private func overlaps(_ a: UnsafeRawPointer?, _ aCount: Int, _ b: UnsafeRawPointer?, _ bCount: Int) -> Bool {
  guard let a, let b, aCount > 0, bCount > 0 else { return false }
  let aStart = UInt(bitPattern: a), bStart = UInt(bitPattern: b)
  // Saturating ends: a huge count reaches the top of the address space.
  let aEnd = aStart.addingReportingOverflow(UInt(aCount)), bEnd = bStart.addingReportingOverflow(UInt(bCount))
  return aStart < (bEnd.overflow ? .max : bEnd.partialValue) && bStart < (aEnd.overflow ? .max : aEnd.partialValue)
}

@c(ranging_accessory_config_decode)
public func rangingAccessoryConfigDecode(
  _ message: UnsafePointer<UInt8>?, _ length: Int, _ strict: Bool,
  _ config: UnsafeMutablePointer<ranging_accessory_config_t>?,
  _ problem: UnsafeMutablePointer<ranging_accessory_config_error_t>?
) -> ranging_status_t {
  guard let config, message != nil || length == 0 else { return CAPIStatus.nullArgument }
  guard length >= 0 else { return CAPIStatus.invalidArgument }
  do {
    let decoded = try AccessoryConfigurationData.decode(
      UnsafeRawBufferPointer(start: message, count: length), strict: strict)
    config.pointee = CAPIAccessory.configuration(decoded)
    return CAPIStatus.ok
  } catch {
    problem?.pointee = CAPIAccessory.error(error)
    return CAPIStatus.malformedMessage
  }
}

@c(ranging_accessory_field_name)
public func rangingAccessoryFieldName(_ field: ranging_accessory_field_t) -> UnsafePointer<CChar> {
  CAPIStatus.cString(CAPIAccessory.field(field)?.name ?? "unknown")
}

@c(ranging_accessory_error_kind_name)
public func rangingAccessoryErrorKindName(_ kind: ranging_accessory_error_kind_t) -> UnsafePointer<CChar> {
  CAPIStatus.cString(CAPIAccessory.name(of: kind))
}

@c(ranging_config_expect_updates)
public func rangingConfigExpectUpdates(
  _ config: UnsafeMutablePointer<ranging_config_t>?, _ rate: ranging_update_rate_t
) -> ranging_status_t {
  guard let config else { return CAPIStatus.nullArgument }
  guard let rate = CAPIAccessory.rate(rate) else { return CAPIStatus.invalidArgument }
  // The value TrackerConfiguration.expectUpdates(at:) sets, in whole microseconds.
  config.pointee.lost_timeout_us = rate.lostTimeoutMicroseconds
  return CAPIStatus.ok
}

@c(ranging_shareable_config_check)
public func rangingShareableConfigCheck(_ length: Int) -> ranging_status_t {
  guard length >= 0 else { return CAPIStatus.messageTooLong }  // more than Int.max bytes
  do {
    try ShareableConfigurationData.check(byteCount: length)
    return CAPIStatus.ok
  } catch {
    switch error {
    case .empty: return CAPIStatus.emptyMessage
    case .tooLong: return CAPIStatus.messageTooLong
    }
  }
}
