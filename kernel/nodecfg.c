/* nodecfg.c - node configuration parsing (see nodecfg.h). Portable C. */
#include <string.h>
#include "nodecfg.h"

static size_t trim(const char *s, size_t len)
{
    while (len && (s[len - 1] == '\n' || s[len - 1] == ' ' || s[len - 1] == '\r' || s[len - 1] == '\0'))
        len--;
    return len;
}

int nodecfg_parse_uint(const char *s, size_t len, int64_t max, int64_t *out)
{
    len = trim(s, len);
    if (len == 0 || len > 18)
        return -1;
    int64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    if (v > max)
        return -1;
    *out = v;
    return 0;
}

int nodecfg_parse_torus(const char *s, size_t len, int32_t out[3])
{
    len = trim(s, len);
    int32_t dims[3] = { 1, 1, 1 };
    int n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && s[i] != 'x')
            continue;
        int64_t v;
        if (n == 3 || nodecfg_parse_uint(s + start, i - start, 4096, &v) || v < 1)
            return -1;
        dims[n++] = (int32_t)v;
        start = i + 1;
    }
    memcpy(out, dims, sizeof dims);
    return 0;
}

int nodecfg_parse_wait_mode(const char *s, size_t len)
{
    len = trim(s, len);
    if (len == 8 && !memcmp(s, "adaptive", 8))
        return 0;
    if (len == 4 && !memcmp(s, "poll", 4))
        return 1;
    return -1;
}

int nodecfg_split(char *buf, size_t len, char **vec, int max)
{
    if (len == 0)
        return 0;
    if (buf[len - 1] != '\0')
        buf[len++] = '\0';
    int n = 0;
    for (size_t i = 0; i < len;) {
        if (n == max)
            return -1;
        vec[n++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    return n;
}
