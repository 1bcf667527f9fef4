# Shared helpers of the openfactory first-boot services (sourced, not run).
# Every wait is bounded and says, each time round, what it is waiting for.

of_log() {
    echo "${OF_SERVICE:-openfactory}: $*"
}

of_fail() {
    of_log "FAILED: $*"
    exit 1
}

# of_wait_for SECONDS DESCRIPTION COMMAND...: retry COMMAND every 10 s until it
# succeeds or SECONDS have passed.
of_wait_for() {
    local limit=$1 description=$2
    shift 2
    local start=$SECONDS
    until "$@"; do
        if (( SECONDS - start >= limit )); then
            of_fail "gave up after ${limit}s waiting for ${description}"
        fi
        of_log "waiting for ${description} ($(( SECONDS - start ))s of ${limit}s)"
        sleep 10
    done
    of_log "gate passed: ${description} after $(( SECONDS - start ))s"
}
