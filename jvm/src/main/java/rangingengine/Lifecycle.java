// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * A session life-cycle notification about one object (Nearby Interaction's
 * removal reasons, Android's session callbacks); the order is the C API's
 * {@code RANGING_LIFECYCLE_*} codes and the names docs/FORMATS.md §1's
 * {@code event} column spells in lower case.
 */
public enum Lifecycle {
  /** The ranging session removed the object after its own timeout: it exits its zones and is forgotten. */
  REMOVED_TIMEOUT,
  /** The peer ended the session: it exits its zones and is forgotten. */
  REMOVED_PEER_ENDED,
  /** The session was suspended: the object exits its zones. */
  SUSPENDED,
  /** A suspension ended: the object's filters restart. */
  SUSPENSION_ENDED,
  /** The session was invalidated: the object exits its zones and is forgotten. */
  INVALIDATED;

  /**
   * The life-cycle event a ranging CSV's {@code event} field names ("removed_timeout", ...).
   *
   * @throws IllegalArgumentException for null or any other text
   */
  public static Lifecycle fromCsvName(String name) {
    if (name == null) throw new IllegalArgumentException("event is null");
    for (Lifecycle value : values()) {
      if (value.name().toLowerCase(java.util.Locale.ROOT).equals(name)) return value;
    }
    throw new IllegalArgumentException("event '" + name + "' is not a life-cycle event");
  }
}
