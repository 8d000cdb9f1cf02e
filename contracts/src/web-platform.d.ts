// Base64 of the web platform, global in browsers and in Node alike; the contracts' build names no
// environment's types (tsconfig.build.json), so they are declared here.
declare function btoa(data: string): string;
declare function atob(data: string): string;
declare function encodeURIComponent(uriComponent: string): string;
declare function decodeURIComponent(encodedURIComponent: string): string;
