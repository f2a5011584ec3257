/* SPDX-License-Identifier: MIT */
/* xchg: the command-line front end. Dispatches to sub-commands; every
 * error is reported here, at the edge, as one line. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_num.h"
#include "xc_partial.h"

struct xc_cmd {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static int cmd_version(int argc, char **argv);

static const struct xc_cmd cmds[] = {
    {"latin", xc_cmd_latin, "Latin square P^l and configurations S^l of a banyan MIN"},
    {"draw", xc_cmd_draw, "SVG picture of a MIN step: switch settings and message paths"},
    {"run", xc_cmd_run, "run an exchange: golden model, RTL, or both in lock-step"},
    {"sweep", xc_cmd_sweep, "a regression of xchg run cases: N local jobs, one case, or a Slurm job array"},
    {"grade", xc_cmd_grade, "grade a folder of 2x2 switches (one .v each) against the switch contract"},
    {"bound", xc_cmd_bound, "sizes and lower bounds of a product network (status, AS, cut, mnb)"},
    {"schedule", xc_cmd_schedule, "total-exchange / multinode-broadcast schedule on a product network"},
    {"check", xc_cmd_check, "replay a schedule file and verify it (independent checker)"},
    {"compare", xc_cmd_compare, "store-and-forward te-a1 vs wormhole te-dc1/te-dcn on a torus"},
    {"gtkw-filter", xc_cmd_gtkw_filter, "GTKWave process filter: flit hex -> m(s->d)"},
    {"rtl-net", xc_cmd_rtl_net, "Verilog network top (routers and links) of a product network"},
    {"rtl-params", xc_cmd_rtl_params, "Verilog parameters (wiring) of a MIN build"},
    {"show", xc_cmd_show, "the exchange stepped through in the browser: one self-contained HTML page"},
    {"junit", xc_cmd_junit, "a folder of test results (any bytes) as JUnit XML: the writer of make test"},
    {"consts", xc_cmd_consts, "flit layout, modes and register map shared by C and RTL"},
    {"version", cmd_version, "the tool's version (also xchg --version)"},
};

static const char exit_codes[] =
    "exit status: 0 ok, 1 a check failed, 2 bad input (one line saying what is allowed),\n"
    "3 the environment failed (a model build or a tool, out of memory, a write)\n";

static void usage_full(FILE *f)
{
    fprintf(f, "usage: xchg COMMAND [OPTIONS]   (xchg COMMAND --help for more)\n"
               "       xchg --version | --help\n\ncommands:\n");
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %-12s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f, "\n%s", exit_codes);
}

static void usage_short(FILE *f)
{
    /* one line, like every other error: xchg --help has the whole list */
    fprintf(f, "usage: xchg COMMAND [OPTIONS] (xchg --help lists the commands, xchg COMMAND --help "
               "describes one)\n");
}

static int cmd_version(int argc, char **argv)
{
    static const struct option longopts[] = {XC_OPT_HELP, XC_OPT_END};
    if (xc_cli_help_asked(argc, argv, longopts)) {
        printf("usage: xchg version   (or xchg --version): prints \"xchg VERSION\"\n%s", exit_codes);
        return 0;
    }
    if (argc > 1)
        return xc_cli_error("version", XC_EINVAL, "takes no arguments ('%s' is extra)", argv[1]);
    printf("xchg %s\n", XC_VERSION);
    return 0;
}

/* A report that did not reach stdout (a full disk, a closed pipe) is an
 * environment failure, never a PASS: exit 3 with one line. */
static int flushed(const char *cmd, int rc)
{
    if ((fflush(stdout) == 0 && !ferror(stdout)) || rc >= 2) /* 2, 3: the command said why already */
        return rc;
    fprintf(stderr, "xchg %s: writing the report to stdout failed\n", cmd);
    return 3;
}

/* The command, on whichever thread runs it. */
static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage_short(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage_full(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version"))
        return cmd_version(1, argv);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name)) {
            /* one stop handler for every command: a signal removes what it
             * was still writing (xc_partial.h), says so and exits 128 + N */
            xc_partial_catch(cmds[i].name);
            return flushed(cmds[i].name, cmds[i].fn(argc - 1, argv + 1));
        }
    char q[80];
    fprintf(stderr, "xchg: unknown command '%s' (try: xchg --help)\n", xc_num_escape(argv[1], q, sizeof q));
    return 2;
}

/* The stack the command runs on. A Verilated model keeps its temporaries
 * on the stack: the settle function of a traced butterfly:1024 takes one
 * frame of about 275 MB, far past the usual 8 MB of `ulimit -s`, and
 * crashed. The stack is address space, touched only as far as it is used. */
#define XC_CMD_STACK (1ul << 30)

struct cmd_call {
    int argc;
    char **argv;
    int rc;
    sigset_t mask; /* the signal mask the program started with */
};

static void *cmd_thread(void *p)
{
    struct cmd_call *c = p;
    pthread_sigmask(SIG_SETMASK, &c->mask, NULL);
    c->rc = dispatch(c->argc, c->argv);
    return NULL;
}

/* Runs the command on a thread with XC_CMD_STACK of stack; 0 when that
 * thread could not be had (e.g. under `ulimit -v`: then the caller runs the
 * command itself). Signals go to the command's thread, where the handlers
 * that remove partial files and stop a sweep expect them: this thread
 * blocks them all before the command's thread starts, which restores the
 * program's mask. Blocked only after, a signal could still reach this
 * thread while a loaded machine had not yet run it that far: a sweep
 * then slept on in sigsuspend and let its cases run to the end. */
static int run_on_big_stack(struct cmd_call *c)
{
    pthread_attr_t attr;
    pthread_t t;
    sigset_t all;
    sigfillset(&all);
    if (pthread_attr_init(&attr))
        return 0;
    pthread_sigmask(SIG_BLOCK, &all, &c->mask);
    int ok = !pthread_attr_setstacksize(&attr, XC_CMD_STACK) && !pthread_create(&t, &attr, cmd_thread, c);
    pthread_attr_destroy(&attr);
    if (!ok) {
        pthread_sigmask(SIG_SETMASK, &c->mask, NULL);
        return 0;
    }
    pthread_join(t, NULL);
    return 1;
}

int main(int argc, char **argv)
{
    /* past a file size limit (ulimit -f) a write fails with EFBIG, which
     * every writer reports (one line, exit 3), instead of a core dump */
    signal(SIGXFSZ, SIG_IGN);
    xc_model_set_note(xc_cli_note); /* the library never prints: its notes come here */
    struct cmd_call c = {.argc = argc, .argv = argv};
    if (run_on_big_stack(&c))
        return c.rc;
    return dispatch(argc, argv);
}
