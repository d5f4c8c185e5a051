/* tofu_stadd.c - the STADD registration table and its access check (see tofu_stadd.h). */
#include "tofu_stadd.h"

#define OFF_MASK (TOFU_STADD_MAX_LEN - 1)

void tofu_stadd_dereg_all(struct tofu_stadd_table *t)
{
    for (unsigned i = 0; i <= TOFU_STADD_REGS; i++) {
        t->reg[i].tag = 0;
        t->reg[i].va = t->reg[i].len = 0;
        t->reg[i].flags = 0;
    }
}

void tofu_stadd_init_tags(struct tofu_stadd_table *t, uint16_t first, uint16_t count)
{
    tofu_stadd_dereg_all(t);
    t->tag_first = first ? first : 1;
    t->tag_count = count ? count : 1;
    if ((uint32_t)t->tag_first + t->tag_count > 65536u)
        t->tag_count = (uint16_t)(65536u - t->tag_first);
    t->next_tag = t->tag_first;
}

void tofu_stadd_init(struct tofu_stadd_table *t)
{
    tofu_stadd_init_tags(t, 1, 65535);
}

static unsigned slot_of(uint64_t stadd) { return (unsigned)(stadd >> 56); }
static uint16_t tag_of(uint64_t stadd) { return (uint16_t)(stadd >> TOFU_STADD_OFF_BITS); }

int tofu_stadd_reg(struct tofu_stadd_table *t, uint64_t va, uint64_t len, unsigned flags,
                   uint64_t *stadd)
{
    if (len == 0 || len > TOFU_STADD_MAX_LEN || va + len < va)
        return -2;
    for (unsigned s = 1; s <= TOFU_STADD_REGS; s++) {
        struct tofu_stadd_reg *r = &t->reg[s];
        if (r->tag)
            continue;
        r->tag = t->next_tag;
        uint32_t next = (uint32_t)t->next_tag + 1;
        t->next_tag = next < (uint32_t)t->tag_first + t->tag_count ? (uint16_t)next : t->tag_first;
        r->va = va;
        r->len = len;
        r->flags = (uint8_t)flags;
        *stadd = (uint64_t)s << 56 | (uint64_t)r->tag << TOFU_STADD_OFF_BITS;
        return 0;
    }
    return -1;
}

static const struct tofu_stadd_reg *find(const struct tofu_stadd_table *t, uint64_t stadd)
{
    unsigned s = slot_of(stadd);
    if (s == 0 || s > TOFU_STADD_REGS)
        return 0;
    const struct tofu_stadd_reg *r = &t->reg[s];
    return r->tag && r->tag == tag_of(stadd) ? r : 0;
}

int tofu_stadd_dereg(struct tofu_stadd_table *t, uint64_t stadd)
{
    const struct tofu_stadd_reg *r = find(t, stadd);
    if (!r || (stadd & OFF_MASK))
        return -1;
    t->reg[slot_of(stadd)].tag = 0;
    return 0;
}

int tofu_stadd_check(const struct tofu_stadd_table *t, uint64_t stadd, uint64_t len, int write,
                     uint64_t *va)
{
    const struct tofu_stadd_reg *r = find(t, stadd);
    if (!r)
        return TOFU_STADD_UNREG;
    uint64_t off = stadd & OFF_MASK;
    if (off > r->len || len > r->len - off)
        return TOFU_STADD_RANGE;
    if (write && (r->flags & TOFU_REG_READ_ONLY))
        return TOFU_STADD_RDONLY;
    *va = r->va + off;
    return TOFU_STADD_OK;
}

const char *tofu_stadd_status_name(int status)
{
    switch (status) {
    case TOFU_STADD_OK: return "ok";
    case TOFU_STADD_UNREG: return "unregistered";
    case TOFU_STADD_RANGE: return "out of range";
    case TOFU_STADD_RDONLY: return "read-only";
    }
    return "?";
}
