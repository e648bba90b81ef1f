const kilobytes = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** Size in KB (1024 bytes), as the library cards show it. */
export const formatKb = (bytes: number) => `${kilobytes.format(bytes / 1024)} KB`;

export const formatDimensions = (image: { width: number; height: number }) => `${image.width}×${image.height}`;

/** Spec §4: an upload counts its successes and its failures. */
export const uploadCountsMessage = (uploaded: number, failed: number) => `${uploaded} uploaded, ${failed} failed`;
