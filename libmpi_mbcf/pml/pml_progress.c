/* pml_progress.c - point-to-point messaging layer: progress and the wait
 * policy. A progress round drains the completion queue and every peer's
 * FIFOs when something arrived (the arrival gate, pml_internal.h), issues
 * send-requests for posted receives, resolves pending send-requests,
 * posts queued channel entries and rings the doorbell. */
#include "pml_internal.h"

struct pml_rx_gate pml_rx = { 0, 1 };
int pml_issue_dirty;
uint64_t pml_handled;
static void (*hooks[4])(void);
static int nhooks;
int pml_hooks_live;

void pml_add_progress_hook(void (*fn)(void))
{
    for (int i = 0; i < nhooks; i++)
        if (hooks[i] == fn)
            return;
    if (nhooks < (int)(sizeof hooks / sizeof hooks[0]))
        hooks[nhooks++] = fn;
}

/* One progress round; flush says whether to ring the doorbell at the end.
 * Posting a receive does not ring it: its send-request then leaves with the
 * next doorbell (typically the send that follows, so request and data share
 * one doorbell and reach the peer in one receive burst), or with the
 * kernel's next tick (at most 1 ms later) if the program computes. */
/* Send-requests for posted receives that need (new) ones. */
static void issue_posted(void)
{
    pml_issue_dirty = 0;
    if (!mq_list_empty(&pml_posted))
        mq_issue_requests(&pml_posted, PML_SEEN, mpi_world_rank, 512, pml_sreq_issue_one, NULL);
}

void pml_progress_round(int flush)
{
    uint32_t nw = mbcf_news();
    if (pml_rx.left || nw != pml_rx.news) {
        /* the dead mask is read before the drain and applied after it
         * (pml_peer_fail.c); a death moves mbcf_news, so without news
         * there is nothing new to read */
        uint64_t dead = pml_fail_snapshot();
        pml_rx.news = nw;
        pml_rx.left = 0;
        if (btl_cq_wanted())
            btl_cq_drain_all();
        for (int p = 0; p < mpi_world_size; p++)
            if (p != mpi_world_rank) {
                pml_rx_peer_ready(p, CH_REQ);
                pml_rx_peer_ready(p, CH_MSG);
            }
        if (dead)
            pml_fail_apply(dead);
    } else {
        if (btl_cq_wanted())               /* a write's completion, a full window */
            btl_cq_drain_all();
        if (pml_dead_mask)
            pml_fail_apply(pml_dead_mask); /* requests started since on a dead rank */
    }
    if (pml_issue_dirty)
        issue_posted();
    if (flush)
        pml_sreq_resolve_all();
    if (pml_hooks_live)           /* an NBC schedule or a window is live */
        for (int i = 0; i < nhooks; i++)
            hooks[i]();
    chan_pump_all();
    if (!flush)
        return;
    mbcf_flush();
}

void pml_progress(void)
{
    pml_progress_round(1);
}

/* After a send-immediate the new entry and the pending send-requests leave
 * now (send-requests first issued, then attached to the entry); arrivals
 * wait for the caller's next wait or test, unless an entry could not be
 * posted (window full or backing off): then a whole round drains the
 * completions that free it. */
void pml_progress_send(void)
{
    if (pml_issue_dirty)
        issue_posted();
    pml_sreq_resolve_all();
    if (chan_pump_all()) {
        pml_progress_round(1);
        return;
    }
    mbcf_flush();
}

/* Wait policy (docs/architecture.md "adaptive waiting"): after mpi_params.spin_rounds
 * progress rounds without news, sleep in mbcf_wait_news, or mbcf_wait while
 * a completion is needed (the guest arms the
 * interrupt and halts; it returns at once if anything arrived since the
 * last look, so no wake-up is lost). SPIN_POLL never sleeps. Defaults and
 * measurements: params.c, docs/mpi.md. */
/* Would a round now do more than look for news? (Completions we need,
 * entries left behind, send-requests to issue or resolve, hooks, entries
 * to post, requests on a dead rank.) */
static int round_has_work(void)
{
    return pml_rx.left || pml_issue_dirty || pml_pend_any || pml_hooks_live ||
           btl_pump_pending || pml_dead_mask || btl_cq_wanted();
}

void pml_progress_wait(void)
{
    static uint64_t last_handled;
    static int idle;
    /* Sleeping at once when a round would only look for news (with the
     * default of no spin rounds): the sleep returns at once if there is
     * news, and the round after it takes it; the empty look before a sleep
     * was a round per wait. */
    if (mpi_params.spin_rounds == 0 && !round_has_work())
        mbcf_wait_news(pml_rx.news, 1000000);
    pml_progress();
    if (pml_handled != last_handled) {
        last_handled = pml_handled;
        idle = 0;
        return;
    }
    if (mpi_params.spin_rounds == SPIN_POLL || ++idle <= mpi_params.spin_rounds)
        return;
    /* an arrival is news; a completion we need (btl_cq_wanted) is not */
    if (btl_cq_wanted())
        mbcf_wait(1000000);
    else
        mbcf_wait_news(pml_rx.news, 1000000);
}
