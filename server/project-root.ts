/**
 * The project's root directory (where public/ is), for files the server reads at run time. This
 * file sits one level below the root, in server/; compiled, its code sits in a file directly in
 * dist-server/, also one level below (scripts/build-server.mjs puts every output file there), so
 * one relative URL is right in both runs.
 */
export const projectRoot = new URL('../', import.meta.url);
