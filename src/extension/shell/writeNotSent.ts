/** A save the user stopped before anything was sent (WriteGate): it propagates as it is and the editor stays dirty. */
export class WriteNotSentError extends Error {}
