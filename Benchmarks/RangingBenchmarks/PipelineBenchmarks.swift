// SPDX-License-Identifier: Apache-2.0
import Benchmark
import RangingEngine
import ZoneMonitor

/// The whole per-update path (validation, object table, distance filter,
/// zones with default radii 1.5 m and 3 m) for one object and for 1,000
/// interleaved objects. The walk of ``RangeSignal`` crosses both zones, so
/// events are emitted; object `k` runs the walk shifted by `4k` samples.
///
/// The pipeline and its position in the stream persist across samples, so
/// each object is in steady state after its first two updates, as in a long
/// session; nothing is allocated inside the measurement.
func registerPipelineBenchmarks() {
  for objects in [1, 1000] {
    let label = objects == 1 ? "1-object" : "\(objects)-objects"
    let swift = PipelineRun<SwiftKalmanBackend>(objects: objects)
    Benchmark("RangingPipeline.process(\(label),swift)") { benchmark in swift.run(benchmark) }
    let gsl = PipelineRun<GSLKalmanBackend>(objects: objects)
    Benchmark("RangingPipeline.process(\(label),gsl)") { benchmark in gsl.run(benchmark) }
  }
}

/// A pipeline fed ``RangeSignal`` round-robin over `objects` objects, one
/// update every `100 ms / objects`, so each object updates at 10 Hz.
final class PipelineRun<Backend: KalmanBackend> {
  let objects: Int
  /// Created on first use, so registering every benchmark allocates nothing big.
  lazy var pipeline = RangingPipeline<Backend>(tracker: TrackerConfiguration(capacity: max(64, objects)))
  var next = 0
  var events = 0

  init(objects: Int) { self.objects = objects }

  func run(_ benchmark: Benchmark) {
    let pipeline = self.pipeline
    let signal = RangeSignal.shared
    let objects = self.objects
    let step = RangeSignal.stepMicroseconds / Int64(objects)
    let start = next
    var accepted = 0
    var events = 0
    benchmark.startMeasurement()
    for i in start..<(start + benchmark.scaledIterations.count) {
      let object = i % objects
      let sample = i / objects + 4 * object
      let update = RangingUpdate(
        time: Timestamp(microseconds: Int64(i) &* step), distanceMeters: signal.distances[sample & RangeSignal.mask])
      if case .accepted = pipeline.process(object: UInt64(object), update: update, emit: { _ in events += 1 }) {
        accepted += 1
      }
    }
    benchmark.stopMeasurement()
    blackHole(accepted)
    next = start + benchmark.scaledIterations.count
    self.events += events
    precondition(accepted == benchmark.scaledIterations.count, "RangingPipeline.process: \(accepted) accepted")
    // Each object crosses both zones twice per walk period (4096 samples).
    precondition(next < 4096 * objects || self.events > 0, "RangingPipeline.process: no zone events")
  }
}
