// SPDX-License-Identifier: Apache-2.0
@_spi(Benchmarking) import RangingEngine

extension BenchKernels {
  /// The kernels `rangectl bench` times, in the order it reports them: the
  /// scalar limit, then the distance filter, the constant-velocity step per
  /// object, the 3-D direction filter and the pipeline (1 and 1,000 objects),
  /// each on the Swift backend and, with the GSL trait, on GSL's.
  ///
  /// The generic kernels are called with their backends here, in the module
  /// that defines them, so that each is specialised for its backend. Called
  /// from another module with a backend type, a generic function that is not
  /// inlinable runs unspecialised, its backend's calls going through the
  /// protocol's witness table: `rangectl bench` then measured that instead of
  /// the engine (the constant-velocity step per object 5.4 M updates/s against
  /// 90 M specialised, the 1-object pipeline 2.8 M against 7.1 M).
  ///
  /// - Parameter report: receives each kernel's result as it is measured.
  package static func runKernels(report: (BenchResult) -> Void) {
    let limit = scalarLimit()
    report(limit)
    report(rangeFilter(SwiftKalmanBackend.self, name: "RangeFilter.update(swift)", limit: limit.perSecond))
    #if GSL
      report(rangeFilter(GSLKalmanBackend.self, name: "RangeFilter.update(gsl)", limit: limit.perSecond))
    #endif
    let objects = "\(stepObjects)-objects"
    report(perObjectStep(SwiftKalmanBackend.self, name: "constantVelocityStep(\(objects),swift)", limit: limit.perSecond))
    #if GSL
      report(perObjectStep(GSLKalmanBackend.self, name: "constantVelocityStep(\(objects),gsl)", limit: limit.perSecond))
    #endif
    report(directionFilter(SwiftKalmanBackend.self, name: "DirectionFilter.update(position,swift)"))
    #if GSL
      report(directionFilter(GSLKalmanBackend.self, name: "DirectionFilter.update(position,gsl)"))
    #endif
    for objects in [1, 1000] {
      let label = objects == 1 ? "1-object" : "\(objects)-objects"
      report(pipeline(SwiftKalmanBackend.self, objects: objects, name: "RangingPipeline.process(\(label),swift)"))
      #if GSL
        report(pipeline(GSLKalmanBackend.self, objects: objects, name: "RangingPipeline.process(\(label),gsl)"))
      #endif
    }
  }
}
