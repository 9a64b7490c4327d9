#!/bin/bash
# Runs a command as if on a slower machine: the command (and, with SLOW_MACHINE_POSTGRES=1, the local
# PostgreSQL's new backends) share FRACTION of every core, through a CPU quota in a cgroup of their own.
# Why: the goals of the benches must hold on the project's slower 2-core machines (Lighthouse
# benchmarkIndex 1,200–1,600). FRACTION: 1,200 divided by this machine's own index (a machine of the
# class at ~1,550 runs its slowest member at 0.77; docs/decisions/0145-a-crowd-at-the-cart-measured-on-a-machine-of-the-project-s-class.md). Needs root and a cgroup file system (v1 `cpu` or v2 with `cpu.max`).
#   bench/slow-machine.sh 0.77 npm run bench
set -euo pipefail
fraction=$1
shift
cores=$(nproc)
period=10000
quota=$(awk -v f="$fraction" -v c="$cores" -v p="$period" 'BEGIN { printf "%d", f * c * p }')
if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  root=/sys/fs/cgroup
  group=$root/vitrina-slow-$$
  mkdir "$group"
  echo "$quota $period" >"$group/cpu.max"
else
  root=/sys/fs/cgroup/cpu
  group=$root/vitrina-slow-$$
  mkdir "$group"
  echo "$period" >"$group/cpu.cfs_period_us"
  echo "$quota" >"$group/cpu.cfs_quota_us"
fi
postmaster=""
if [ "${SLOW_MACHINE_POSTGRES:-0}" = 1 ]; then
  # the postmaster's cgroup is inherited by the backends it forks for new connections
  for file in /var/run/postgresql/*.pid; do
    [ -f "$file" ] && postmaster=$(head -1 "$file") && break
  done
  [ -n "$postmaster" ] && echo "$postmaster" >"$group/cgroup.procs"
fi
cleanup() {
  [ -n "$postmaster" ] && echo "$postmaster" >"$root/cgroup.procs" || true
  for pid in $(cat "$group/cgroup.procs" 2>/dev/null); do echo "$pid" >"$root/cgroup.procs" 2>/dev/null || true; done
  rmdir "$group" 2>/dev/null || true
}
trap cleanup EXIT
(
  echo "$BASHPID" >"$group/cgroup.procs"
  exec "$@"
)
