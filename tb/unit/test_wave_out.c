/* SPDX-License-Identifier: MIT */
/* The golden model's wave writer (sim/wave/xc_wave_out.c): the VCD back
 * end writes exactly the header, scopes, signals and value changes asked
 * for, a value only when it changes and a time only when something changes
 * at it, never going back; a VCD whose writes fail is cut to nothing, so
 * the check of a finished trace fails; the FST back end writes a whole
 * file under the same calls. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "xc_wave_file.h"
#include "xc_wave_out.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/xc_wave_out.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

/* The path of a file named name in the test's folder (one at a time). */
static const char *in_dir(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* The check a finished trace gets (xc_wave_file.h). */
static xc_status verify(const char *path)
{
    xc_err err;
    return xc_wave_verify(path, &err);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    static char buf[4096];
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    buf[n] = '\0';
    return buf;
}

/* A small trace through every call of the interface. */
static void write_small(const char *path)
{
    xc_wave_out *w = xc_wave_out_open(path, "a test");
    assert_non_null(w);
    xc_wave_out_scope(w, "top");
    const uint32_t clk = xc_wave_out_var(w, 1, "clk_i");
    xc_wave_out_scope(w, "gen_sw[1]");
    const uint32_t flit = xc_wave_out_var(w, 5, "out0_q");
    xc_wave_out_upscope(w);
    xc_wave_out_upscope(w);
    assert_int_equal(clk, 1);
    assert_int_equal(flit, 2);
    xc_wave_out_time(w, 800);
    xc_wave_out_put(w, clk, 0);
    xc_wave_out_put(w, flit, 0x15);
    xc_wave_out_time(w, 1000);
    xc_wave_out_put(w, clk, 1);
    xc_wave_out_put(w, flit, 0x15); /* unchanged: not written */
    xc_wave_out_time(w, 1200);       /* nothing changes at 1200: no time written */
    xc_wave_out_put(w, flit, 0x15);
    xc_wave_out_time(w, 1500);
    xc_wave_out_time(w, 1400); /* back: stays at 1500 */
    xc_wave_out_put(w, clk, 0);
    xc_wave_out_put(w, 0, 1);  /* no such handle: ignored */
    xc_wave_out_put(w, 99, 1);
    xc_wave_out_close(w);
}

static void vcd_holds_what_was_asked(void **state)
{
    (void)state;
    const char *path = in_dir("t.vcd");
    write_small(path);
    assert_string_equal(slurp(path), "$version xchg golden model $end\n"
                                     "$comment a test $end\n"
                                     "$timescale 1ps $end\n"
                                     "$scope module top $end\n"
                                     "$var wire 1 \" clk_i $end\n"
                                     "$scope module gen_sw[1] $end\n"
                                     "$var wire 5 # out0_q [4:0] $end\n"
                                     "$upscope $end\n"
                                     "$upscope $end\n"
                                     "$enddefinitions $end\n"
                                     "#800\n0\"\nb10101 #\n"
                                     "#1000\n1\"\n"
                                     "#1500\n0\"\n");
    assert_int_equal(verify(path), XC_OK);
}

/* Identifiers run through the 94 printable characters, then grow. */
static void many_signals_get_distinct_ids(void **state)
{
    (void)state;
    const char *path = in_dir("many.vcd");
    xc_wave_out *w = xc_wave_out_open(path, "many");
    assert_non_null(w);
    xc_wave_out_scope(w, "top");
    for (int i = 0; i < 200; i++)
        assert_int_equal(xc_wave_out_var(w, 1, "s"), (uint32_t)i + 1);
    xc_wave_out_upscope(w);
    xc_wave_out_time(w, 0);
    for (uint32_t h = 1; h <= 200; h++)
        xc_wave_out_put(w, h, 1);
    xc_wave_out_close(w);
    FILE *f = fopen(path, "r");
    char line[128], ids[200][8];
    int n = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "$var wire 1 %7s s $end", ids[n]) == 1)
            n++;
    fclose(f);
    assert_int_equal(n, 200);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            assert_string_not_equal(ids[i], ids[j]);
    assert_string_equal(ids[92], "~"); /* handle 93 */
    assert_string_equal(ids[93], "!\""); /* handle 94: two characters */
}

/* In a child with a file size limit of one block: the writes fail (EFBIG,
 * SIGXFSZ ignored as the CLI does), the file is cut to zero bytes. */
static void failed_vcd_is_cut(void **state)
{
    (void)state;
    const char *path = in_dir("full.vcd");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit r = {1024, 1024};
        setrlimit(RLIMIT_FSIZE, &r);
        xc_wave_out *w = xc_wave_out_open(path, "full");
        if (!w)
            _exit(1);
        xc_wave_out_scope(w, "top");
        const uint32_t h = xc_wave_out_var(w, 32, "count_q");
        xc_wave_out_upscope(w);
        for (uint64_t t = 0; t < 5000; t++) {
            xc_wave_out_time(w, t);
            xc_wave_out_put(w, h, t);
        }
        xc_wave_out_close(w);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_size, 0);
    assert_int_equal(verify(path), XC_EWRITE);
}

static void fst_is_whole(void **state)
{
    (void)state;
    const char *path = in_dir("t.fst");
    write_small(path);
    assert_int_equal(verify(path), XC_OK);
}

static int remove_dir(void **state)
{
    (void)state;
    static const char *const names[] = {"t.vcd", "many.vcd", "full.vcd", "t.fst"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        remove(in_dir(names[i]));
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vcd_holds_what_was_asked),
        cmocka_unit_test(many_signals_get_distinct_ids),
        cmocka_unit_test(failed_vcd_is_cut),
        cmocka_unit_test(fst_is_whole),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
