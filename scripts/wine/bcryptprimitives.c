/*
 * A stand-in for Windows' bcryptprimitives.dll, for Wine 8, which lacks it: Go 1.24 and later
 * read random bytes through its ProcessPrng at start-up, so no Go program starts without it.
 * ProcessPrng here forwards to RtlGenRandom (advapi32's SystemFunction036), which Wine has.
 * Built by scripts/wine-setup.sh with mingw-w64; used only to run hookctl's tests under Wine.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
