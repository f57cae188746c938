// SPDX-License-Identifier: Apache-2.0
#if GSL
/// The backend a filter, tracker or pipeline uses when you do not name one.
///
/// With the package's `GSL` trait (on by default on hosts) this is
/// ``GSLKalmanBackend``; built without it (`--disable-default-traits`, and in
/// every firmware build) it is ``SwiftKalmanBackend``. Both run the same
/// equations and are held to 1e-9 of each other by the tests, so the choice
/// changes the licence of the build and the speed, not the results a user can
/// see. Name ``SwiftKalmanBackend`` explicitly to get the same backend in
/// every build.
public typealias DefaultKalmanBackend = GSLKalmanBackend
#else
/// The backend a filter, tracker or pipeline uses when you do not name one.
///
/// With the package's `GSL` trait (on by default on hosts) this is
/// `GSLKalmanBackend`; built without it (`--disable-default-traits`, and in
/// every firmware build) it is ``SwiftKalmanBackend``. Both run the same
/// equations and are held to 1e-9 of each other by the tests, so the choice
/// changes the licence of the build and the speed, not the results a user can
/// see. Name ``SwiftKalmanBackend`` explicitly to get the same backend in
/// every build.
public typealias DefaultKalmanBackend = SwiftKalmanBackend
#endif
