// The two names the transport takes from ky, in a module of their own: the transport imports this
// one at its first request, and a bundler then puts exactly these in the chunk it loads.
export { default as ky, isNetworkError } from 'ky';
