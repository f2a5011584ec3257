// SPDX-License-Identifier: MIT
// What the Verilator shims (xchg_min_shim.cpp, xchg_pn_shim.cpp) share: an
// owned model with its context and FST or VCD trace, reset, bus inputs,
// the clock tick, and copying ports of any width into 32-bit words. Each
// shim only adds its prefixed extern "C" functions for its top.
#ifndef XCHG_SHIM_H_
#define XCHG_SHIM_H_

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "verilated.h"
// VM_TRACE (from Verilator's makefile): 0 for a model built without trace
// code (the lean variant, sim/Makefile TRACE=0); then VM_TRACE_FST for an
// FST model (TRACE=1), else a VCD one (TRACE=vcd, --trace FILE.vcd)
#if VM_TRACE && VM_TRACE_FST
#include "verilated_fst_c.h"
using XcTraceFile = VerilatedFstC;
#elif VM_TRACE
#include <fcntl.h>
#include <unistd.h>

#include "verilated_vcd_c.h"
// The VCD file under Verilator's writer. Verilator's own ends the process
// (VL_FATAL_MT, an abort) when a write fails; this one cuts the file to
// zero bytes instead and takes no more, so the run goes on and the check
// of the finished trace (sim/wave/xc_wave_file.h) reports it: exit 3 and
// no partial file, as for FST.
class XcVcdFile : public VerilatedVcdFile {
    int m_fd = -1;
    bool m_failed = false;
    std::string m_name;

public:
    bool open(const std::string &name) override
    {
        m_fd = ::open(name.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
        m_failed = false;
        m_name = name;
        return m_fd >= 0;
    }
    void close() override
    {
        if (m_fd >= 0 && ::close(m_fd) != 0 && ::truncate(m_name.c_str(), 0) != 0) {
            /* a write the close reported late: cut by name; if even that fails, xchg's check still reads it */
        }
        m_fd = -1;
    }
    ssize_t write(const char *bufp, ssize_t len) override
    {
        for (ssize_t done = 0; !m_failed && done < len;) {
            const ssize_t got = ::write(m_fd, bufp + done, (size_t)(len - done));
            if (got > 0)
                done += got;
            else if (got == 0 || errno != EINTR) { // 0: no progress, never retried forever
                m_failed = true; // full disk, a file size limit (EFBIG), an I/O error
                if (::ftruncate(m_fd, 0) != 0) { /* left as it is: shorter than its header claims */ }
            }
        }
        return len;
    }
};
struct XcVcdFileHolder { // constructed before the writer that is given it
    XcVcdFile file;
};
class XcTraceFile : private XcVcdFileHolder, public VerilatedVcdC {
public:
    XcTraceFile() : VerilatedVcdC(&file) {}
};
#endif
// VM_COVERAGE: 1 for a model built with --coverage (sim/Makefile COVERAGE=1)
#if VM_COVERAGE
#include <fcntl.h>
#include <unistd.h>

#include <thread>

#include "verilated_cov.h"
#endif

template <class Top>
struct XcDut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Top> top;
#if VM_TRACE
    std::unique_ptr<XcTraceFile> wave; // FST or VCD, as the model was built
#endif
    uint64_t edges = 0;
    uint64_t trace_from = 0, trace_to = UINT64_MAX; // edges to dump
};

// Word i (32 bits) of a Verilated port of any width.
template <std::size_t W>
uint32_t xc_word_of(const VlWide<W> &v, unsigned i) { return i < W ? v[i] : 0; }
template <typename T>
uint32_t xc_word_of(const T &v, unsigned i) { return i < 2 ? (uint32_t)((uint64_t)v >> (32 * i)) : 0; }

// Creates the model with these plusargs and opens a trace (FST or VCD, as
// the model was built) at trace_path (NULL: none) covering edges
// [from, to]; the caller resets it (its top's own inputs).
template <class Top>
XcDut<Top> *xc_shim_new(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    XcDut<Top> *d = new XcDut<Top>;
    d->ctx.reset(new VerilatedContext);
#ifdef XC_THREADS
    d->ctx->threads(XC_THREADS); // what the model was built for (sim/Makefile THREADS=N)
#endif
    d->ctx->commandArgs(argc, argv);
    d->top.reset(new Top{d->ctx.get(), "xchg"});
#if VM_TRACE
    if (trace_path) {
        d->ctx->traceEverOn(true);
        d->wave.reset(new XcTraceFile);
        d->top->trace(d->wave.get(), 99);
        d->wave->open(trace_path);
        d->trace_from = from;
        d->trace_to = to;
    }
#else
    (void)trace_path, (void)from, (void)to; // a lean model: the harness asks for waves only from a traced one
#endif
    return d;
}

// xc_shim_new, then the reset with one edge (a top with the bus ports).
template <class Top>
XcDut<Top> *xc_shim_open(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    XcDut<Top> *d = xc_shim_new<Top>(argc, argv, trace_path, from, to);
    d->top->clk_i = 0;
    d->top->rst_ni = 0;
    d->top->bus_we_i = 0;
    d->top->bus_re_i = 0;
    d->top->eval();
    d->top->clk_i = 1; // the reset edge
    d->top->eval();
    d->top->clk_i = 0;
    d->top->eval();
    d->top->rst_ni = 1;
    d->top->eval();
    return d;
}

template <class Top>
void xc_shim_bus(XcDut<Top> *d, int we, int re, unsigned addr, uint32_t wdata)
{
    d->top->bus_we_i = we;
    d->top->bus_re_i = re;
    d->top->bus_addr_i = addr;
    d->top->bus_wdata_i = wdata;
}

template <class Top>
void xc_shim_dump(XcDut<Top> *d, uint64_t time)
{
#if VM_TRACE
    if (d->wave && d->edges >= d->trace_from && d->edges <= d->trace_to)
        d->wave->dump(time);
#else
    (void)d, (void)time;
#endif
}

// One clock cycle (ZipCPU's tick): settle the inputs, raise the clock,
// dump, lower the clock, dump. Inputs change away from the rising edge.
// Times in ps, one cycle = 1 ns (as the golden model's waves,
// sim/wave/xc_golden_wave.h): the edge of cycle e at e ns, the inputs
// 200 ps before it, the clock low 500 ps after it.
template <class Top>
void xc_shim_tick(XcDut<Top> *d)
{
    d->edges++;
    d->top->eval();
    xc_shim_dump(d, 1000 * d->edges - 200);
    d->top->clk_i = 1;
    d->top->eval();
    d->ctx->timeInc(1000);
    xc_shim_dump(d, 1000 * d->edges);
    d->top->clk_i = 0;
    d->top->eval();
    xc_shim_dump(d, 1000 * d->edges + 500);
}

#if VM_COVERAGE
// Writes len bytes of data to path: 0, or -1 on any write or close error.
static inline int xc_shim_write_all(const char *path, const std::string &data)
{
    const int fd = ::open(path, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0666);
    bool bad = fd < 0;
    for (size_t done = 0; !bad && done < data.size();) {
        const ssize_t w = ::write(fd, data.data() + done, data.size() - done);
        bad = w <= 0 && errno != EINTR;
        done += w > 0 ? (size_t)w : 0;
    }
    if (fd >= 0 && ::close(fd) != 0)
        bad = true;
    return bad ? -1 : 0;
}
#endif

// Writes the coverage counts so far to path, through a temporary name
// beside it (path.tmp<pid>) and a rename: a killed run leaves no
// half-written file. Verilator's write ends the process when it cannot
// open its file and never reports a short write (a full disk, a file size
// limit), so it writes into a pipe that a thread reads into memory (a
// pipe has no size limit), and the text is written out here with every
// error checked. 0; -1 when the write fails or the model has no coverage
// code.
template <class Top>
int xc_shim_coverage(XcDut<Top> *d, const char *path)
{
#if VM_COVERAGE
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0)
        return -1;
    std::string text;
    bool read_bad = false;
    std::thread reader([&] {
        char buf[1 << 16];
        for (ssize_t n; (n = ::read(p[0], buf, sizeof buf)) != 0;) {
            if (n > 0)
                text.append(buf, (size_t)n);
            else if (errno != EINTR) {
                read_bad = true;
                return;
            }
        }
    });
    d->ctx->coveragep()->write(("/proc/self/fd/" + std::to_string(p[1])).c_str());
    ::close(p[1]); // the last writer: the reader sees the end
    reader.join();
    ::close(p[0]);
    const std::string tmp = std::string(path) + ".tmp" + std::to_string((long)getpid());
    int rc = !read_bad && tmp.size() < 4096 ? xc_shim_write_all(tmp.c_str(), text) : -1;
    if (rc == 0 && std::rename(tmp.c_str(), path) != 0)
        rc = -1;
    if (rc != 0)
        std::remove(tmp.c_str());
    return rc;
#else
    (void)d, (void)path;
    return -1;
#endif
}

template <class Top>
void xc_shim_close(XcDut<Top> *d)
{
#if VM_TRACE
    if (d->wave)
        d->wave->close();
#endif
    d->top->final();
    delete d;
}

#endif // XCHG_SHIM_H_
