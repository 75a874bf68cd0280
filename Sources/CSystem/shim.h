/// C helpers for process calls Swift cannot make itself: `prctl` is variadic, which Swift does
/// not import. Every symbol carries the `lbx_` prefix.
#ifndef LIGHTBOX_CSYSTEM_SHIM_H
#define LIGHTBOX_CSYSTEM_SHIM_H

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

/// Has the kernel kill this process (SIGKILL) when the thread that forked it ends, so a worker
/// never outlives a supervisor that was killed mid-job (a job it went on with would write its
/// output after the client was told nothing); 0 when set and `parent` is still the parent, -1
/// when the call failed or the parent was already gone before it was made.
static inline int lbx_die_with_parent(pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    return getppid() == parent ? 0 : -1;
}

#endif
