// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code rangectl replay}'s engine and input options for {@link TableReplay},
 * spelt as its command line spells them ({@code rangectl replay --help}): the
 * library checks them as rangectl does, and a refused one is an
 * {@link IllegalArgumentException} with rangectl's message. Immutable; each
 * method returns a copy with one more option.
 *
 * <pre>{@code
 * ReplayOptions.DEFAULT.zones("inner=1.5,outer=3").backend("swift").option("--capacity", "128").withFiltered(true)
 * }</pre>
 */
public final class ReplayOptions {
  /** rangectl replay's defaults, events only (no filtered track). */
  public static final ReplayOptions DEFAULT = new ReplayOptions(List.of(), false, false);

  private final List<String> arguments;
  private final boolean filtered;
  private final boolean filteredText;

  private ReplayOptions(List<String> arguments, boolean filtered, boolean filteredText) {
    this.arguments = List.copyOf(arguments);
    this.filtered = filtered;
    this.filteredText = filteredText;
  }

  /** {@code --zones SPEC}, as "inner=1.5,outer=3" (names and radii in metres, rangectl's syntax). */
  public ReplayOptions zones(String spec) {
    return option("--zones", spec);
  }

  /** {@code --backend NAME}: "swift", or "gsl" where the library was built with GSL (this one is not). */
  public ReplayOptions backend(String name) {
    return option("--backend", name);
  }

  /** Any option with its value, as rangectl spells it ("--capacity", "128"). */
  public ReplayOptions option(String name, String value) {
    Objects.requireNonNull(name, "option name");
    Objects.requireNonNull(value, name);
    List<String> next = new ArrayList<>(arguments);
    next.add(name);
    next.add(value);
    return new ReplayOptions(next, filtered, filteredText);
  }

  /** An option without a value ("--no-confirm", ...). */
  public ReplayOptions flag(String name) {
    Objects.requireNonNull(name, "option name");
    List<String> next = new ArrayList<>(arguments);
    next.add(name);
    return new ReplayOptions(next, filtered, filteredText);
  }

  /** Whether the result holds the filtered track's columns (docs/FORMATS.md §3, {@link ReplayResult#filtered()}). */
  public ReplayOptions withFiltered(boolean on) {
    return new ReplayOptions(arguments, on, filteredText);
  }

  /**
   * Whether the result holds the filtered track's CSV text, as rangectl's {@code --filtered} writes it
   * ({@link ReplayResult#filteredCsv()}; formatting it costs about a fifth of a replay). Independent of
   * {@link #withFiltered}: the text alone skips the columns' copy into Java arrays, and
   * {@link FilteredTrack#toCsv()} writes the same bytes from the columns.
   */
  public ReplayOptions withFilteredText(boolean on) {
    return new ReplayOptions(arguments, filtered, on);
  }

  /** Whether the filtered track's columns are asked for. */
  public boolean filtered() {
    return filtered;
  }

  /** The options as ranging_replay_table takes them. */
  public List<String> arguments() {
    List<String> all = new ArrayList<>(arguments);
    if (filteredText) all.add("--write-filtered");
    else if (filtered) all.add("--state-records");
    return all;
  }
}
