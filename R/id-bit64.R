# zuid_ids among bit64's generics and dispatch. bit64 is imported, so its
# namespace is loaded before zuid's, and these are set when zuid loads
# (see .onLoad()), for whichever bit64 is installed: bit64 4.8 added
# generics (matrix(), array(), `:`), set operations that coerce with as(),
# and a chooseOpsMethod() that claims every comparison whose left side is a
# plain integer64.

join_bit64 <- function() {
  bit64 <- asNamespace("bit64")
  # bit64's own generics (it masks base R's order, rank, match and %in%)
  # get zuid_id methods.
  registerS3method("order", "zuid_id", bit64_order_zuid_id, envir = bit64)
  registerS3method("rank", "zuid_id", bit64_rank_zuid_id, envir = bit64)
  for (class in c("zuid_id", "character", "double", "integer")) {
    registerS3method("match", class, bit64_match_ids, envir = bit64)
    registerS3method("%in%", class, bit64_in_ids, envir = bit64)
  }
  # base R's match() compares objects by their mtfrm(): a plain integer64
  # gets bit64's own (4.6 and later), its signed text, which a zuid_id
  # takes too (see mtfrm.zuid_id()). Before 4.6 it got its raw doubles.
  if (is.null(utils::getS3method("mtfrm", "integer64", optional = TRUE, envir = bit64))) {
    registerS3method("mtfrm", "integer64", mtfrm_integer64, envir = baseenv())
  }
  generics <- c(matrix = bit64_matrix_zuid_id, array = bit64_array_zuid_id, `:` = bit64_colon_zuid_id)
  for (generic in base::intersect(names(generics), getNamespaceExports(bit64))) {
    registerS3method(generic, "zuid_id", generics[[generic]], envir = bit64)
  }
  # bit64's set operations coerce the side that is not a plain integer64
  # with as(x, "integer64"), which S4 allows once it knows that a zuid_id
  # is an integer64 (it then returns the zuid_id as it is).
  methods::setOldClass(c("zuid_id", "integer64"), where = s4_methods)
  # R 4.3 lets a class choose its Ops method when the other argument has
  # one too, as a plain integer64, a POSIXct or a factor does; older R warns
  # and compares the raw doubles, which is why ?as_zuid_id asks to convert
  # first there.
  if (getRversion() >= "4.3.0") {
    registerS3method("chooseOpsMethod", "zuid_id", function(x, y, mx, my, cl, reverse) TRUE,
                     envir = baseenv())
    bit64_choice <- get0("chooseOpsMethod.integer64", envir = bit64, inherits = FALSE)
    if (is.function(bit64_choice)) {
      registerS3method("chooseOpsMethod", "integer64", choose_ops_integer64(bit64_choice),
                       envir = baseenv())
    }
  }
}

# R asks the left side's chooseOpsMethod() first. bit64's (4.8 and later)
# always answers yes for a plain integer64, and its comparison then hands
# a side that is not a number, as a zuid_id is not, to that side's method
# as a rounded double. So for a plain integer64 on the left of a zuid_id,
# the answer is no, and R asks the zuid_id, whose method reads the
# integer64's bits; for everything else, bit64 answers.
choose_ops_integer64 <- function(bit64_choice) {
  force(bit64_choice)
  function(x, y, mx, my, cl, reverse) {
    if (inherits(y, "zuid_id") && !inherits(x, "zuid_id")) {
      return(FALSE)
    }
    bit64_choice(x, y, mx, my, cl, reverse)
  }
}

# The form bit64 (4.6 and later) gives a plain integer64 for matching.
mtfrm_integer64 <- function(x) as.character(x)

# bit64's matrix() and array() methods keep the class on the text that
# base R makes of a zuid_id (as.vector() gives its exact digits), which is
# no zuid_id: a matrix of IDs is their text, as base R makes it.
bit64_matrix_zuid_id <- function(data = NA, ...) {
  check_id_storage(data, sys.call())
  base::matrix(as.character(data), ...)
}

bit64_array_zuid_id <- function(data = NA, ...) {
  check_id_storage(data, sys.call())
  base::array(as.character(data), ...)
}

# bit64's `:` counts from one integer64 to another; IDs are not counted.
bit64_colon_zuid_id <- function(from, to) abort_arithmetic(":", sys.call())
