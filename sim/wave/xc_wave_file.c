/* SPDX-License-Identifier: MIT */
#include "xc_wave_file.h"

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <string.h>

#include "fstapi.h"

xc_wave_fmt xc_wave_format(const char *path)
{
    const size_t len = strlen(path);
    if (len > 4 && !strcmp(path + len - 4, ".fst"))
        return XC_WAVE_FST;
    if (len > 4 && !strcmp(path + len - 4, ".vcd"))
        return XC_WAVE_VCD;
    return XC_WAVE_NONE;
}

/* An FST file is a chain of blocks: a type byte, then a big-endian 64-bit
 * length that counts itself and the block's data. A whole file is walked
 * to its last byte exactly and holds the header, the geometry and the
 * hierarchy (written last, at close); a block still marked SKIP was being
 * written. (GTKWave's own reader can loop forever on a truncated file, so
 * the chain is walked here, in as many steps as there are blocks.) */
static int fst_whole(FILE *f)
{
    if (fseeko(f, 0, SEEK_END) != 0)
        return 0;
    const off_t size = ftello(f);
    off_t pos = 0;
    unsigned seen = 0; /* bit 0 header, 1 geometry, 2 hierarchy */
    while (pos < size) {
        unsigned char b[9];
        if (fseeko(f, pos, SEEK_SET) != 0 || fread(b, 1, 9, f) != 9)
            return 0;
        uint64_t len = 0;
        for (int i = 1; i < 9; i++)
            len = len << 8 | b[i];
        if (len < 8 || len > (uint64_t)(size - pos - 1) || b[0] == FST_BL_SKIP || b[0] == FST_BL_ZWRAPPER)
            return 0;
        seen |= b[0] == FST_BL_HDR ? 1u : b[0] == FST_BL_GEOM ? 2u
              : b[0] == FST_BL_HIER || b[0] == FST_BL_HIER_LZ4 || b[0] == FST_BL_HIER_LZ4DUO ? 4u : 0u;
        pos += 1 + (off_t)len;
    }
    return pos == size && seen == 7u;
}

static int whole_fst(const char *path)
{
    FILE *f = fopen(path, "rb");
    const int ok = f && fst_whole(f);
    if (f)
        fclose(f);
    return ok;
}

/* A VCD is text: its header ends at $enddefinitions and a whole file ends
 * with a newline; a write that failed part-way leaves neither. */
static int whole_vcd(const char *path)
{
    FILE *f = fopen(path, "rb");
    char line[512];
    int header = 0;
    while (f && !header && fgets(line, sizeof line, f))
        header = strstr(line, "$enddefinitions") != NULL;
    int ok = header && fseek(f, -1, SEEK_END) == 0 && fgetc(f) == '\n';
    if (f)
        fclose(f);
    return ok;
}

xc_status xc_wave_verify_as(const char *path, const char *shown, xc_err *err)
{
    const int ok = xc_wave_format(path) == XC_WAVE_VCD ? whole_vcd(path) : whole_fst(path);
    return ok ? XC_OK
              : xc_fail(err, XC_EWRITE, "cannot write %s: the trace is incomplete (a write failed: disk full?)", shown);
}

xc_status xc_wave_verify(const char *path, xc_err *err) { return xc_wave_verify_as(path, path, err); }
