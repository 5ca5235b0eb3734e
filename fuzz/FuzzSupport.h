#pragma once

// What every harness shares: a private scratch file for the loaders that take paths, and the
// rule that InputError, UsageError and CancelledError are the expected ways to refuse an
// input. Anything else that escapes (another exception, a broken invariant) aborts, so that
// libFuzzer and the replay tests count it as a finding.

#include "io/InputError.h"
#include "sched/PolicySpec.h"
#include "util/Progress.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

namespace tessera::fuzz {

// Writes `size` bytes to the file `name` in this process's scratch directory and returns its
// path. The directory is created on first use under $TMPDIR (else /dev/shm, else /tmp), unique
// to the process, and removed at exit (after a sanitizer crash, by the next harness to start).
std::string writeScratch(std::string_view name, const uint8_t* data, size_t size);
// The path `name` would have in the scratch directory, without writing it.
std::string scratchPath(std::string_view name);

// A finding: prints what went wrong and aborts.
[[noreturn]] void finding(std::string_view what);
[[noreturn]] void unexpectedException(const std::exception_ptr& exception);
// Prints an expected refusal when TESSERA_FUZZ_VERBOSE is set: for checking that the seeds of
// a corpus are accepted (they should be valid inputs) or why not.
void noteRefusal(const std::exception& refusal);

// A finding when `condition` is false: an invariant the accepted input broke.
inline void require(bool condition, std::string_view what)
{
    if (!condition)
        finding(what);
}

// A progress callback for loaders that checks every share is within [0, 1] and never cancels.
inline ProgressCallback checkedProgress()
{
    return [](double share) {
        require(share >= 0.0 && share <= 1.0, "a progress share outside [0, 1]");
        return true;
    };
}

// Runs `work`, expecting success or a refusal through InputError, UsageError or
// CancelledError. Returns true when `work` succeeded.
template <class Work>
bool refusalsExpected(Work&& work)
{
    try {
        work();
        return true;
    } catch (const InputError& e) {
        noteRefusal(e);
    } catch (const UsageError& e) {
        noteRefusal(e);
    } catch (const CancelledError& e) {
        noteRefusal(e);
    } catch (...) {
        unexpectedException(std::current_exception());
    }
    return false;
}

}  // namespace tessera::fuzz
