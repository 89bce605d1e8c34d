export declare const SERVER_NODE_ENV: Record<string, string>;
export declare const SERVER_NODE_FLAGS: string[];
