library(testthat)
library(zuid)

test_check("zuid")
