// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import _RangingEngineCHeader

@c(ranging_engine_version)
public func rangingEngineVersion() -> UnsafePointer<CChar> {
  CAPIStatus.cString(RangingEngineVersion.string)
}
