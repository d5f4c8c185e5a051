/* netdev.c - the registry of network device drivers and of the devices they
 * found (see netdev.h). */
#include "kapi.h"
#include "netdev.h"

static const struct netdev_driver *drivers[NETDEV_DRIVERS_MAX];
static int ndrivers;
static struct netdev *devices[NETDEV_MAX];
static int ndevices;

int netdev_driver_register(const struct netdev_driver *drv)
{
    if (ndrivers == NETDEV_DRIVERS_MAX)
        return -ENOSPC;
    drivers[ndrivers++] = drv;
    return 0;
}

int netdev_probe_all(void)
{
    for (int i = 0; i < ndrivers && ndevices < NETDEV_MAX; i++) {
        struct netdev *d = drivers[i]->probe();
        if (d)
            devices[ndevices++] = d;
    }
    return ndevices;
}

struct netdev *netdev_get(int i)
{
    return i >= 0 && i < ndevices ? devices[i] : 0;
}
