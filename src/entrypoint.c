// R loads zuid.so and calls R_init_zuid; extendr's macro generated the
// registration of the Rust routines under R_init_zuid_extendr.
void R_init_zuid_extendr(void *dll);

void R_init_zuid(void *dll) {
    R_init_zuid_extendr(dll);
}
