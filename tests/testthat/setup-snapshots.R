# Snapshots show conditions as testthat renders them with rlang: the
# condition's header and call, then its message. testthat 3.2 and later
# always do; testthat 3.1 (Debian 12's) does when DESCRIPTION names rlang
# (>= 1.0.0), which it does for this: then the same snapshots hold on both
# test flavours.
stopifnot(requireNamespace("rlang", quietly = TRUE))
