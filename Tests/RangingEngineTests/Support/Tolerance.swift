// SPDX-License-Identifier: Apache-2.0
/// `|actual - expected| <= tolerance * max(|expected|, floor)`: relative
/// above `floor`, absolute (`tolerance * floor`) below it.
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double, floor: Double) -> Bool {
  abs(actual - expected) <= tolerance * max(abs(expected), floor)
}

/// Lower Cholesky factorisation written here, independent of both backends
/// (Golub & Van Loan, 4th ed., Alg. 4.2.1). Returns false when a pivot is
/// not positive. `a` is a row-major `n x n` array.
func choleskySucceeds(_ a: [Double], _ n: Int) -> Bool {
  var l = [Double](repeating: 0, count: n * n)
  for j in 0..<n {
    var d = a[j * n + j]
    for p in 0..<j { d -= l[j * n + p] * l[j * n + p] }
    guard d > 0 else { return false }
    let ljj = d.squareRoot()
    l[j * n + j] = ljj
    for i in (j + 1)..<max(j + 1, n) {
      var s = a[i * n + j]
      for p in 0..<j { s -= l[i * n + p] * l[j * n + p] }
      l[i * n + j] = s / ljj
    }
  }
  return true
}
