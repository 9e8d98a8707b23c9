--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: audit_log_refuse_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.audit_log_refuse_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN RAISE EXCEPTION 'the audit log is append-only: its entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege'; END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id text NOT NULL,
    email text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL,
    role text NOT NULL,
    password_hash text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: apps; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.apps (
    id text NOT NULL,
    name text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    seq bigint NOT NULL,
    at_ms bigint NOT NULL,
    actor_kind text NOT NULL,
    actor_id text NOT NULL,
    actor_name text NOT NULL,
    address text,
    action text NOT NULL,
    app_id text,
    environment text,
    target text,
    details text NOT NULL,
    chain text
);


--
-- Name: audit_log_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_log_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_log_seq_seq OWNED BY public.audit_log.seq;


--
-- Name: contribution_cell_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contribution_cell_changes (
    app_id text NOT NULL,
    environment text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL COLLATE pg_catalog."C",
    revision bigint NOT NULL,
    day bigint NOT NULL,
    grp text NOT NULL COLLATE pg_catalog."C",
    n bigint NOT NULL,
    users bigint NOT NULL,
    totals bytea NOT NULL
);


--
-- Name: contribution_cell_pages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contribution_cell_pages (
    app_id text NOT NULL,
    environment text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL COLLATE pg_catalog."C",
    revision bigint NOT NULL,
    day bigint NOT NULL,
    grp text NOT NULL COLLATE pg_catalog."C",
    page bigint NOT NULL,
    totals bytea NOT NULL
);


--
-- Name: contribution_cells; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contribution_cells (
    app_id text NOT NULL,
    environment text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL COLLATE pg_catalog."C",
    revision bigint NOT NULL,
    day bigint NOT NULL,
    grp text NOT NULL COLLATE pg_catalog."C",
    users bigint NOT NULL,
    totals bytea NOT NULL
);


--
-- Name: contribution_locks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contribution_locks (
    bucket bigint NOT NULL
);


--
-- Name: contribution_rows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contribution_rows (
    app_id text NOT NULL,
    environment text NOT NULL,
    user_id text NOT NULL COLLATE pg_catalog."C",
    kind text NOT NULL,
    subject text NOT NULL COLLATE pg_catalog."C",
    revision bigint NOT NULL,
    start_ms bigint,
    grp text NOT NULL COLLATE pg_catalog."C",
    totals bytea NOT NULL
);


--
-- Name: environments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.environments (
    app_id text NOT NULL,
    name text NOT NULL,
    published_revision integer
);


--
-- Name: erased_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.erased_messages (
    app_id text NOT NULL,
    message_id text NOT NULL,
    timestamp_ms bigint NOT NULL
);


--
-- Name: event_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event_counts (
    app_id text NOT NULL,
    environment text NOT NULL,
    events bigint NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    seq bigint NOT NULL,
    app_id text NOT NULL,
    message_id text NOT NULL,
    user_id text NOT NULL COLLATE pg_catalog."C",
    flow_id text,
    timestamp_ms bigint NOT NULL,
    environment text NOT NULL,
    received_at_ms bigint NOT NULL,
    line text NOT NULL,
    walkthrough_id text
);


--
-- Name: events_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: events_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.events_seq_seq OWNED BY public.events.seq;


--
-- Name: personal_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.personal_tokens (
    token_hash text NOT NULL,
    prefix text NOT NULL COLLATE pg_catalog."C",
    account_id text NOT NULL,
    name text NOT NULL,
    role text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    revoked_at bigint,
    last_used_at bigint
);


--
-- Name: publications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.publications (
    seq bigint NOT NULL,
    app_id text NOT NULL,
    environment text NOT NULL,
    revision integer NOT NULL,
    published_at bigint NOT NULL
);


--
-- Name: publications_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.publications_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: publications_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.publications_seq_seq OWNED BY public.publications.seq;


--
-- Name: revisions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.revisions (
    app_id text NOT NULL,
    number integer NOT NULL,
    sha256 text NOT NULL,
    body bytea NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: sdk_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sdk_keys (
    key_hash text NOT NULL,
    prefix text NOT NULL COLLATE pg_catalog."C",
    app_id text NOT NULL,
    environment text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id_hash text NOT NULL,
    account_id text,
    created_at bigint NOT NULL,
    expires_at bigint NOT NULL
);


--
-- Name: settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.settings (
    name text NOT NULL,
    value text NOT NULL
);


--
-- Name: waypoint_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.waypoint_migrations (
    version integer NOT NULL,
    applied_at bigint NOT NULL
);


--
-- Name: audit_log seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log ALTER COLUMN seq SET DEFAULT nextval('public.audit_log_seq_seq'::regclass);


--
-- Name: events seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events ALTER COLUMN seq SET DEFAULT nextval('public.events_seq_seq'::regclass);


--
-- Name: publications seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.publications ALTER COLUMN seq SET DEFAULT nextval('public.publications_seq_seq'::regclass);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: apps; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.apps VALUES ('fuzz', 'Test', 1796587411400);


--
-- Data for Name: audit_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.audit_log VALUES (1, 1796587411400, 'admin-token', 'admin', 'Admin token', 'unknown', 'app-created', 'fuzz', NULL, 'fuzz', '{"environments":[{"keyPrefix":"wps_Zh6qCz80","name":"production"},{"keyPrefix":"wps_bzXBnHyB","name":"staging"}],"name":"Test"}', 'bd6ca7dbe3186ab141e5dc5e0e58614ca5b672dae489b26c4efeed6c0e9d8251');
INSERT INTO public.audit_log VALUES (2, 1796587411416, 'admin-token', 'admin', 'Admin token', 'unknown', 'revision-uploaded', 'fuzz', NULL, '1', '{"existing":false,"revision":1,"sha256":"2be71a407e2fd3970c86e50cb6d1a74373fe51620edf0f5ffce215a44e9564d4"}', 'a06288de5afd021691742e724a1cafc92dbb97a1dfb22c1f0eb768a4152d888c');
INSERT INTO public.audit_log VALUES (3, 1796587411427, 'admin-token', 'admin', 'Admin token', 'unknown', 'revision-uploaded', 'fuzz', NULL, '2', '{"existing":false,"revision":2,"sha256":"84c7f46db06640c07dcd59b9aa172472596f93b66c264537e228b62fd867fc64"}', '57a2a2ffcfd281c1c6ded7c65706feb10eac88347ed7c4018f89e2da3cd59af3');
INSERT INTO public.audit_log VALUES (4, 1796587411447, 'admin-token', 'admin', 'Admin token', 'unknown', 'revision-published', 'fuzz', 'production', '2', '{"confirmationNeeded":false,"confirmed":false,"preview":{"diagnostics":[],"discardedUsers":0,"environment":"production","flows":[{"id":"signup","inFlight":{"discarded":0,"fresh":0,"reassigned":0,"resumed":[],"truncated":[],"users":0},"pathCount":{"candidate":"2","published":null}}],"movedBackUsers":0,"needsConfirmation":false,"publishedRevision":null,"revision":2,"wouldDiscardUsers":false},"previousRevision":null,"revision":2}', '6a5d12e935ddff53747dcbf6c22079ec366727c62141cc5edfbe88292e532ec8');
INSERT INTO public.audit_log VALUES (5, 1796587411871, 'admin-token', 'admin', 'Admin token', 'unknown', 'user-erased', 'fuzz', NULL, 'u7', '{"deletedEvents":9,"userId":"u7"}', '50cfc2b4ce00f98f6c35653cd6d74a707db6f43f844d3fd5d9603dc43984e0f2');
INSERT INTO public.audit_log VALUES (6, 1796587411890, 'admin-token', 'admin', 'Admin token', 'unknown', 'key-rotated', 'fuzz', 'staging', 'wps_yVUKqlUQ', '{"graceHours":24,"keyPrefix":"wps_yVUKqlUQ","previousKeys":[{"expiresAt":"2026-12-07T20:03:31.883Z","keyPrefix":"wps_bzXBnHyB"}]}', 'c0863bfe8b8e306639f031ef5b3713561db6831afd7bb5060d61ba4cbc602886');


--
-- Data for Name: contribution_cell_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 2, '\x020204020304646f6e6502086c65676163792d3002046e616d650202046e616d650106616e6e75616c020777656c636f6d650206616e6e75616c02046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x020200000104646f6e650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000001046e616d65020204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, 0, '\x0202000001046e616d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000202046e616d65020b706c616e2d616e6e75616c0202046e616d6501046e657874020777656c636f6d6501046e65787404');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, 1, '\x0202020001046e616d650202086c65676163792d320106616e6e75616c02046e616d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000201086c65676163792d3002010777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, 0, '\x0202000001046e616d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 1, '\x02020202010b706c616e2d616e6e75616c0202046e616d6501046e657874020777656c636f6d6501046e65787404');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x020200000104646f6e650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000001046e616d6502010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000001046e616d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 1, '\x02020202010570616e656c020205696e74726f0103746170020570616e656c010374617002');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 0, '\x02020000000105696e74726f010374617002');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x020001010000000000010b706c616e2d616e6e75616c010001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x0200010000000000000304646f6e65010001000000046e616d6502000201ee960202000106616e6e75616c020c706c616e2d6d6f6e74686c7900000001e4d104010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x02000004000000000002046e616d650200000000000777656c636f6d6500000001b68801020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000200000000000104706c616e00000001bab402020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, -1, '\x02000102000100000002046e616d6502000000000004706c616e00000001ec18020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":[],"revision":2,"variations":{}}', 1, -1, '\x02000101010000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x02000002000000000001046e616d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000400020001eae51802000204706c616e0000010000000777656c636f6d6500000001c0b206020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x020000020000000000010777656c636f6d6500000001d28e05020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x020001010000000000010b706c616e2d616e6e75616c010001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000400020000000204706c616e0000010000000777656c636f6d6500000001c0b206020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x02000002000000000001046e616d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x020000020000000000010777656c636f6d6500000001d28e05020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 1, '\x0200020600000000000304646f6e65000200000000046e616d6504000201ee960202000106616e6e75616c020c706c616e2d6d6f6e74686c7900000001e4d104010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x02000004000000000002046e616d650200000000000777656c636f6d6500000001b68801020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, 0, '\x02000004000000000002046e616d6502000000000004706c616e00000001ec18020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":[],"revision":2,"variations":{}}', 1, -1, '\x02000101010000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x02010101000100');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, 1, '\x0201020400000205696e74726f020000000200000570616e656c000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x02010101000100');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, 1, '\x0201020400000205696e74726f020000000200000570616e656c000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x0202000202046e616d65040777656c636f6d650403086c65676163792d3001046e65787402046e616d650206616e6e75616c02046261636b020b706c616e2d616e6e75616c01046e65787404');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x020200020204646f6e65020c706c616e2d6d6f6e74686c790200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x0202000002046e616d65020777656c636f6d650202046e616d6502046261636b02046e657874020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x0202000201046e616d650201046e616d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 2, 0, '\x0202000200010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x02020000010777656c636f6d65020204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 2, 0, '\x020200020204706c616e020777656c636f6d65020204706c616e01046261636b020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 1, '\x0202020002046e616d65020777656c636f6d650202086c65676163792d3001046e65787402046e616d650206616e6e75616c02046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x020200020204646f6e65020c706c616e2d6d6f6e74686c790200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x02020000010777656c636f6d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, 0, '\x020200020204706c616e020777656c636f6d65020104706c616e01046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, 0, '\x0202000202046e616d65020777656c636f6d6502010b706c616e2d616e6e75616c01046e65787404');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x0202000002046e616d65020777656c636f6d650202046e616d6502046261636b02046e657874020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x020200020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 1, '\x02020200000204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 1, '\x020202000105696e74726f0200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, -1, '\x02000103000000000001046e616d6501000101ee960201000106616e6e75616c01');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0200000200020000000104646f6e65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000004000000000001046e616d6502000001d4ca01020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, -1, '\x02000105000000000002086c65676163792d3200000001ecb00201000106616e6e75616c01046e616d65010001019417010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, -1, '\x0200010500000000000304646f6e65010001000000046e616d6501000000000004706c616e00000001ec18010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000c000000000004086c65676163792d3000000001ee18020001046e65787402046e616d6502000001bc6602000106616e6e75616c020b706c616e2d616e6e75616c00000001f89701020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 1, '\x0200021002020001acc82902000404646f6e65000001000000046e616d6504000202e21e028cf80102000206616e6e75616c02046261636b020b706c616e2d616e6e75616c0000000192bd02020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, 0, '\x0200000400000000000204646f6e650002000000000777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000600020001f4811e02000304646f6e65020000000000046e616d650000010000000c706c616e2d6d6f6e74686c79020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000c000000000002046e616d6502000002e62302a4da04020002046261636b02046e657874020777656c636f6d6502000001f6f30102000106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 2, -1, '\x02000105010000000002046e616d650100000000000b706c616e2d616e6e75616c010001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x020000040000000000010777656c636f6d6502000001d4b905020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x020000020000000000010777656c636f6d6500000001c6f40502000106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0200000200000000000104706c616e00000001aae702020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 1, '\x02000202000000000001046e616d6500000001e21e020001046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, -1, '\x02000105000000000002086c65676163792d3200000001ecb00201000106616e6e75616c01046e616d65010001019417010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000a000000000003086c65676163792d3000000001ee18020001046e65787402046e616d6502000001bc6602000106616e6e75616c020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 1, 0, '\x020000020000000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000600020001f4811e02000304646f6e65020000000000046e616d650000010000000c706c616e2d6d6f6e74686c79020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x020000020000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, -1, '\x02000100000000000003046e616d6501000101ee960201000106616e6e75616c010b706c616e2d616e6e75616c00000001f89701020001046e657874020777656c636f6d6500000001d4b905020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0200000200020000000104646f6e65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, 0, '\x0200000400000000000204646f6e65000200000000046e616d6500000001b6c601020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 1, '\x0200020e02020001acc82902000404646f6e65000001000000046e616d6504000201ee960202000106616e6e75616c020b706c616e2d616e6e75616c0000000192bd02020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0200000c000000000002046e616d6502000002e62302a4da04020002046261636b02046e657874020777656c636f6d6502000001f6f30102000106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20762, '{"appVersion":"1.1","experiments":[],"revision":2,"variations":{}}', 1, -1, '\x02000101010000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, -1, '\x020101050001010570616e656c010100000001037461700100');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 2, 0, '\x0201000600000205696e74726f0202000002010374617002000570616e656c000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 2, 1, '\x020102080202010570616e656c020200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 2, 0, '\x0201000400000205696e74726f020000000200000570616e656c000200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 1, '\x020202000304706c616e020b706c616e2d616e6e75616c020777656c636f6d650202046e616d6501046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x020200000003046e616d6501046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x02020002010c706c616e2d6d6f6e74686c790200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x020200000204706c616e020777656c636f6d650403046e616d6501046e6578740204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 3, 0, '\x020200000204646f6e65020777656c636f6d6502010b706c616e2d616e6e75616c01046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x020200000304646f6e6502046e616d65040777656c636f6d6502010b706c616e2d616e6e75616c01046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 3, 0, '\x020200000304646f6e6502086c65676163792d3202046e616d65020204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 2, '\x02020400020b706c616e2d616e6e75616c020777656c636f6d6502010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x020200000003046e616d6501046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 2, 0, '\x020200000204646f6e65020777656c636f6d6502010b706c616e2d616e6e75616c01046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x020200000304646f6e6502046e616d65040777656c636f6d6502010b706c616e2d616e6e75616c01046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 2, 0, '\x020200000204646f6e6502086c65676163792d32020204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, 0, '\x020200000104706c616e0201046e616d6501046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x02020002010c706c616e2d6d6f6e74686c790200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x020200000104706c616e0202046e616d6501046e6578740204706c616e01046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 2, 0, '\x020200000205696e74726f040570616e656c020105696e74726f010374617002');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 0, '\x020200020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 2, 0, '\x020200000105696e74726f0200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 0, '\x020200000105696e74726f020105696e74726f010374617002');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 2, 0, '\x020200000205696e74726f020570616e656c0200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 0, '\x020200020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, 0, '\x020200000105696e74726f0200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x02000008000000000003046e616d6500000001d49e05020001046e6578740204706c616e02000001c09e02020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 3, -1, '\x02000107000000000002046e616d6501000001d4ca01010001046e6578740104706c616e01000101bab402010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 1, '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000008000000000004046e616d6500000101b2a306020001046e6578740204706c616e0200020000000b706c616e2d616e6e75616c0200000000000777656c636f6d6500000001bae706020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, 0, '\x02000006000000000002046e616d6502000001a4c306020001046e657874020b706c616e2d616e6e75616c000000019e9401020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000006000000000003046e616d6500000001b41e020001046e657874020c706c616e2d6d6f6e74686c7900000001cccf01020001046e657874020777656c636f6d6500000001da13020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0200000400020001b2c14c02000204646f6e650000010000000c706c616e2d6d6f6e74686c79020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x0200000600000000000304646f6e650200000000000b706c616e2d616e6e75616c000000018ac803020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x020000020000000000010b706c616e2d616e6e75616c00000001dac906020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"short","variations":{"short-signup":"short"}}', 2, 0, '\x02000002000000000002046e616d650200020000000777656c636f6d65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x0200000600000000000304646f6e65020000000000046e616d650200000000000777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000002000000000002046e616d650200020000000777656c636f6d65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x0200000a00000000000404646f6e65020000000000086c65676163792d3202000000000004706c616e00000001809e05020001046e657874020777656c636f6d6500000001c6a103020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, 0, '\x0200000400000000000204706c616e0200000000000777656c636f6d6500000001b2dc04020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 1, '\x020002040000000000020b706c616e2d616e6e75616c0200020000000777656c636f6d6500000001bae706020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 1, '\x0200020800000000000304646f6e65020000000000046e616d650200000000000777656c636f6d65040002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 1, '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 2, 0, '\x02000006000000000003046e616d6502000201a4c306020001046e657874020b706c616e2d616e6e75616c000000019e9401020001046e657874020777656c636f6d65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000006000000000003046e616d6500000001b41e020001046e657874020c706c616e2d6d6f6e74686c7900000001cccf01020001046e657874020777656c636f6d6500000001da13020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 2, 0, '\x0200000600000000000304646f6e650200020000000b706c616e2d616e6e75616c000001018ac803020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x020000020000000000010b706c616e2d616e6e75616c00000001dac906020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000002000000000002046e616d650200020000000777656c636f6d65000001000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, 0, '\x0200000a00000000000404646f6e65020000000000086c65676163792d3202000000000004706c616e00000001809e05020001046e657874020777656c636f6d6500000001c6a103020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x02000006000000000002046e616d6500000001d49e05020001046e6578740204706c616e02000001c09e02020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 3, 0, '\x0200000400000000000204706c616e0200000000000777656c636f6d6500000001b2dc04020001046e65787402');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x02000004000000000002046e616d6500000101b2a306020001046e6578740204706c616e020002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0200000400020001b2c14c02000204646f6e650000010000000c706c616e2d6d6f6e74686c79020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 3, -2, '\x0201030b00000205696e74726f0303000003010374617003000570616e656c000300000001037461700300');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x0201000800000205696e74726f0402000000010374617002000570616e656c02000000020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200020105696e74726f00000000010000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200000105696e74726f02000000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000400000105696e74726f020200000001037461700200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 3, -2, '\x0201030900000205696e74726f0301000003010374617001000570616e656c000300000001037461700300');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 2, 0, '\x0201000400000205696e74726f020000000000000570616e656c02000000020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200020105696e74726f00000000010000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, 0, '\x0201000200000105696e74726f02000000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 4, 0, '\x02020000010777656c636f6d6502010b706c616e2d616e6e75616c01046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x02020000010777656c636f6d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 4, 0, '\x020200000001046e616d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x02020000010777656c636f6d650200');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 3, 0, '\x020200000001046e616d650106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, 0, '\x02020000010777656c636f6d6502010b706c616e2d616e6e75616c01046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 3, 0, '\x020200020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 3, 0, '\x020200020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000020000000000010b706c616e2d616e6e75616c00000001f431020001046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000040000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 3, 0, '\x020000020000000000010b706c616e2d616e6e75616c020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000020000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 2, 0, '\x02000002000000000001046e616d6500000001b2940402000106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x02000002000002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, 0, '\x020000020000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000020000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 3, 0, '\x02000002000000000001046e616d6500000001b2940402000106616e6e75616c02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x02000002000002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 1, 0, '\x020000020000000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000020000000000010b706c616e2d616e6e75616c00000001f431020001046261636b02');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 4, 0, '\x020000020000000000010b706c616e2d616e6e75616c020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020000040000000000010777656c636f6d65020000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 4, 0, '\x020100020002010570616e656c00000000010000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, 0, '\x0201000200000205696e74726f000000000100000570616e656c02000000020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 3, 0, '\x020100020002010570616e656c00000000010000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, 0, '\x0201000200000205696e74726f000000000100000570616e656c02000000020000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 5, -1, '\x020201010404646f6e6501046e616d65010b706c616e2d616e6e75616c010777656c636f6d650103046e616d650106616e6e75616c010b706c616e2d616e6e75616c01046e657874010777656c636f6d6501046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 4, -1, '\x020201000404646f6e6501046e616d65010b706c616e2d616e6e75616c010777656c636f6d650102046e616d650106616e6e75616c010b706c616e2d616e6e75616c01046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, -1, '\x0202010100010777656c636f6d6501046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 3, -1, '\x0200011101010001f6a80d01000404646f6e65010000000000046e616d6501000001b2940401000106616e6e75616c010b706c616e2d616e6e75616c010000018ac803010001046e657874010777656c636f6d6501000001a0cf06010001046e65787401');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 4, -1, '\x0200010d01000000000404646f6e65010001000000046e616d6501000001b2940401000106616e6e75616c010b706c616e2d616e6e75616c010000018ac803010001046e657874010777656c636f6d65010000000000');
INSERT INTO public.contribution_cell_changes VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 1, -1, '\x020001030001000000010777656c636f6d6500000001a0cf06010001046e65787401');


--
-- Data for Name: contribution_cell_pages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x020000000000000000010c706c616e2d6d6f6e74686c7900000001e4d104020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 201, '\x02000000000000000001046e616d6500000001c8a006020192030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 201, '\x02000000000000000001046e616d6500000001c8a006020192030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x020000000000000000010c706c616e2d6d6f6e74686c7900000001e4d104020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 119, '\x02000000000000000001046e616d650000000194170201ee010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 179, '\x02000000000000000001086c65676163792d3200000001ecb0020201e6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 202, '\x020000000000000000010777656c636f6d6500000001c4d806020194030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 256, '\x0200000000000001fc9942020180040100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 155, '\x020000000000000000010777656c636f6d6500000001c86e0201b6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 199, '\x020000000000000000010777656c636f6d6500000001c8e90502018e030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 239, '\x0200000000000001dab01f0201de030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x020000000000000000010c706c616e2d6d6f6e74686c7900000001e4d104020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x02000000000000000001046e616d6500000001fad404020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 119, '\x02000000000000000001046e616d650000000194170201ee010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 179, '\x02000000000000000001086c65676163792d3200000001ecb0020201e6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 202, '\x020000000000000000010777656c636f6d6500000001c4d806020194030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 256, '\x0200000000000001fc9942020180040100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 199, '\x020000000000000000010777656c636f6d6500000001c8e90502018e030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x02000000000000000001046e616d6500000001fad404020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 155, '\x020000000000000000010777656c636f6d6500000001c86e0201b6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 194, '\x020000000000000000010c706c616e2d6d6f6e74686c7900000001e4d104020184030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 202, '\x020000000000000000010777656c636f6d6500000001a0cf06020194030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 218, '\x0200000000000001f6a80d0201b4030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 119, '\x02000000000000000001046e616d650000000194170201ee010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 126, '\x0200000000000000000104706c616e00000001ae1e0201fc010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 179, '\x02000000000000000001086c65676163792d3200000001ecb0020201e6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 248, '\x0200000000000001bedc300201f0030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 120, '\x0200000000000000000104706c616e00000001ec180201f0010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 168, '\x02000000000000000001046e616d6500000001b6c6010201d0020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 119, '\x02000000000000000001046e616d650000000194170201ee010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 126, '\x0200000000000000000104706c616e00000001ae1e0201fc010100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 179, '\x02000000000000000001086c65676163792d3200000001ecb0020201e6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 248, '\x0200000000000001bedc300201f0030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 202, '\x020000000000000000010777656c636f6d6500000001a0cf06020194030100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 182, '\x0200000000000000000104706c616e00000001aae7020201ec020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 169, '\x02000000000000000001046e616d6500000001d4ca010201d2020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 179, '\x0200000000000000000104706c616e00000001bab4020201e6020100');
INSERT INTO public.contribution_cell_pages VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 203, '\x020000000000000000010777656c636f6d65000000019efe06020196030100');


--
-- Data for Name: contribution_cells; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x02020200010b706c616e2d616e6e75616c0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20762, '{"appVersion":"1.1","experiments":[],"revision":2,"variations":{}}', 1, '\x02000202020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x020202020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x020202020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020002020000000000010b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":[],"revision":2,"variations":{}}', 1, '\x02000202020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x0202020000010570616e656c010374617002');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x0202020000010570616e656c010374617002');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, '\x02020200010b706c616e2d616e6e75616c0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, '\x02020200010b706c616e2d616e6e75616c0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x020202000104646f6e650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, '\x0200040400000000000204646f6e650200020000000c706c616e2d6d6f6e74686c79000000000184030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, '\x0200040400020000000104646f6e65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002040200000000010b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x0202020000010c706c616e2d6d6f6e74686c7901046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, '\x020204000204646f6e650204706c616e0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, '\x020206000304646f6e650204706c616e020777656c636f6d650201046e616d6501046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, '\x02020200010777656c636f6d650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x02020200010b706c616e2d616e6e75616c0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 2, '\x020204000204706c616e020777656c636f6d650201046e616d6501046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x0202020000010c706c616e2d6d6f6e74686c7901046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x020202000104646f6e650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020200000000000104646f6e65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020200000000000104706c616e020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02000204000000000002046e616d65000000000192030201046e6578740204706c616e020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":[],"revision":2,"variations":{}}', 1, '\x02000202020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02010202000200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02010202000200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, '\x020002060202000001de0302010777656c636f6d6500000000018e030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02000204020000000001046e616d65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x02000206000000000002086c65676163792d320000000001e602020106616e6e75616c02046e616d650200020001ee010201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020102040200010570616e656c000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20761, '{"experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002040200000000010b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20762, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, '\x0202020001046e616d650202086c65676163792d320106616e6e75616c02046e616d6501046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 1, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x02020202010570616e656c02010570616e656c010374617002');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 0, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x0202020001046e616d650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20759, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x0202020001046e616d650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20758, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 3, '\x020206000204646f6e6502046e616d650202046e616d650106616e6e75616c020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020c02020000018004020404646f6e65000200000000086c65676163792d300200000000000b706c616e2d616e6e75616c0200000000000777656c636f6d6500000000019403020106616e6e75616c02');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020602000000000204646f6e650200020000000777656c636f6d650000000001b6020201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x02000206000000000002086c65676163792d320000000001e602020106616e6e75616c02046e616d650200020001ee010201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20759, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02000204020000000001046e616d65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 2, '\x0200040400000000000204646f6e650200020000000c706c616e2d6d6f6e74686c79000000000184030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 2, '\x0200040400020000000104646f6e65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020602000000000204646f6e650200020000000777656c636f6d650000000001b6020201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020102060002010570616e656c020200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020602000000000204646f6e650200020000000c706c616e2d6d6f6e74686c79000000000184030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020a02000000000304646f6e65020002000000046e616d65020000000184030201046e657874020b706c616e2d616e6e75616c020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02000206020000000002046e616d65000000000192030201046e6578740204706c616e020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020002020000000000010b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020a020200000180040203086c65676163792d300200000000000b706c616e2d616e6e75616c0200000000000777656c636f6d6500000000019403020106616e6e75616c02');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20758, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 1, '\x020002040200000000010777656c636f6d6500000000018e030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02000206020000000002046e616d65000000000184030201046e657874020b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020200000000000104646f6e65020002000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020602000000000204646f6e650200020000000c706c616e2d6d6f6e74686c79000000000184030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02010204020200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 1, -9223372036854775808, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020102060002010570616e656c020200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x02010204020200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 1, 20762, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x020202000105696e74726f0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200020402000000000104706c616e0000000001ec020201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 1, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 1, 20762, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"1.0","experiments":[],"variations":{}}', 1, '\x02010202020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', 1, '\x0200020a02000000000304646f6e65020002000000046e616d650200000001d0020201046e6578740204706c616e0000000001f0010201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 0, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x020202000105696e74726f0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'tour', 2, 20760, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', 1, '\x020202000105696e74726f0200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002100202000001f0030204086c65676163792d320000000001e602020106616e6e75616c02046e616d650200000001ee010201046e6578740204706c616e0200000001fc010201046261636b020777656c636f6d65020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002100202000001f0030204086c65676163792d320000000001e602020106616e6e75616c02046e616d650200000001ee010201046e6578740204706c616e0200000001fc010201046261636b020777656c636f6d65020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, -9223372036854775808, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20760, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 1, 20762, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', 1, '\x02000202020000000000');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x020102040200010570616e656c000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 2, 20761, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', 1, '\x0202020200010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x0200020a0202000001b4030203046e616d650200000000000b706c616e2d616e6e75616c0200000000000777656c636f6d65000000000194030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 2, -9223372036854775808, '{"experiments":["short-signup"],"revision":2,"variation":"short","variations":{"short-signup":"short"}}', 1, '\x020002040002000000010777656c636f6d65000000000194030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'experiment', 'signup', 1, 20761, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', 1, '\x02020200010777656c636f6d650200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'flow', 'signup', 0, 20761, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', 1, '\x0200021002000000000404646f6e65000200000000046e616d650200000001d2020201046e6578740204706c616e0200020001e6020201046e657874020777656c636f6d65020000000196030201046e65787402');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20762, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020a02000205696e74726f0202000000010374617002000570616e656c020200000201037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20762, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020802000205696e74726f020000000000000570616e656c020200000201037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 0, 20758, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020802000205696e74726f0202000002010374617002000570616e656c000200000001037461700200');
INSERT INTO public.contribution_cells VALUES ('fuzz', 'production', 'walkthrough', 'tour', 2, 20758, '{"appVersion":"2.0","experiments":[],"variations":{}}', 1, '\x0201020802000205696e74726f0202000002010374617002000570616e656c000200000001037461700200');


--
-- Data for Name: contribution_locks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contribution_locks VALUES (5108);
INSERT INTO public.contribution_locks VALUES (15694);
INSERT INTO public.contribution_locks VALUES (20816);
INSERT INTO public.contribution_locks VALUES (21623);
INSERT INTO public.contribution_locks VALUES (26745);
INSERT INTO public.contribution_locks VALUES (47110);
INSERT INTO public.contribution_locks VALUES (53664);
INSERT INTO public.contribution_locks VALUES (59593);
INSERT INTO public.contribution_locks VALUES (65522);
INSERT INTO public.contribution_locks VALUES (14887);
INSERT INTO public.contribution_locks VALUES (32027);
INSERT INTO public.contribution_locks VALUES (37149);
INSERT INTO public.contribution_locks VALUES (43885);
INSERT INTO public.contribution_locks VALUES (48382);
INSERT INTO public.contribution_locks VALUES (53039);
INSERT INTO public.contribution_locks VALUES (37956);


--
-- Data for Name: contribution_rows; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'flow', 'signup', 0, 1793689256352, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021602020001b2c14c02000404646f6e65020000000000046e616d6502000002e62302a4da04020002046261636b02046e657874020c706c616e2d6d6f6e74686c7902000001e4d104020001046e657874020777656c636f6d6502000001f6f30102000106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'flow', 'signup', 2, 1793689256352, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021602020001b2c14c02000404646f6e65020000000000046e616d6502000002e62302a4da04020002046261636b02046e657874020c706c616e2d6d6f6e74686c7902000001e4d104020001046e657874020777656c636f6d6502000001f6f30102000106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'walkthrough', 'tour', 0, 1793689883129, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020602020105696e74726f02000000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'walkthrough', 'tour', 2, 1793689883129, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020602020105696e74726f02000000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'experiment', 'signup', 0, 1793689341391, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d65020c706c616e2d6d6f6e74686c79020777656c636f6d650203046e616d6502046261636b02046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'experiment', 'signup', 2, 1793689341391, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d65020c706c616e2d6d6f6e74686c79020777656c636f6d650203046e616d6502046261636b02046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'experiment', 'tour', 0, 1793689946450, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u10', 'experiment', 'tour', 2, 1793689946450, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'flow', 'signup', 0, 1793879597568, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021002000000000404646f6e65020002000000046e616d6502000001fad404020001046e657874020b706c616e2d616e6e75616c02000001dac906020001046e657874020777656c636f6d6502000001d4b905020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'walkthrough', 'tour', 0, 1793907484758, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'walkthrough', 'tour', 1, 1793907484758, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020402000105696e74726f02000000020000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'experiment', 'tour', 0, 1793907524008, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202000105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'experiment', 'tour', 1, 1793907524008, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202000105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'flow', 'signup', 1, 1793879597568, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020a020000000003046e616d6500000001fad404020001046e657874020b706c616e2d616e6e75616c02000201dac906020001046e657874020777656c636f6d65020000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'flow', 'signup', 2, NULL, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020600000000000304646f6e65020002000000046e616d650200000000000777656c636f6d6500000001d4b905020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'experiment', 'signup', 0, 1793879632220, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202000404646f6e6502046e616d65020b706c616e2d616e6e75616c020777656c636f6d650203046e616d6501046e657874020b706c616e2d616e6e75616c01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'experiment', 'signup', 1, 1793879632220, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200020b706c616e2d616e6e75616c020777656c636f6d650202046e616d6501046e657874020b706c616e2d616e6e75616c01046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u3', 'experiment', 'signup', 2, 1793879636188, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202000204646f6e6502046e616d6502010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u0', 'flow', 'signup', 0, 1793854536121, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', '\x0200021a02020001bedc3002000504646f6e65020000000000086c65676163792d3202000001ecb00202000106616e6e75616c02046e616d65020000019417020001046e6578740204706c616e02000002ae1e02d2ff04020002046261636b02046e657874020777656c636f6d6502000001c6a103020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u0', 'flow', 'signup', 1, 1793854536121, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"short","variations":{"short-signup":"short"}}', '\x0200021a02020001bedc3002000504646f6e65020000000000086c65676163792d3202000001ecb00202000106616e6e75616c02046e616d65020000019417020001046e6578740204706c616e02000002ae1e02d2ff04020002046261636b02046e657874020777656c636f6d6502000001c6a103020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u0', 'experiment', 'signup', 0, 1793854536121, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', '\x020202020504646f6e6502086c65676163792d3202046e616d650204706c616e020777656c636f6d650204086c65676163792d320106616e6e75616c02046e616d6501046e6578740204706c616e02046261636b02046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u0', 'experiment', 'signup', 1, 1793854536121, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', '\x020202020504646f6e6502086c65676163792d3202046e616d650204706c616e020777656c636f6d650204086c65676163792d320106616e6e75616c02046e616d6501046e6578740204706c616e02046261636b02046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'walkthrough', 'tour', 0, 1793912490194, '{"appVersion":"2.0","experiments":[],"variations":{}}', '\x0201020a02000205696e74726f0202000000010374617002000570616e656c020200000201037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'walkthrough', 'tour', 1, NULL, '{"appVersion":"2.0","experiments":[],"variations":{}}', '\x0201020200000105696e74726f000200000001037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'walkthrough', 'tour', 2, 1793912490194, '{"appVersion":"2.0","experiments":[],"variations":{}}', '\x0201020802000205696e74726f020000000000000570616e656c020200000201037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'flow', 'signup', 0, NULL, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021000020000000404646f6e65020000000000046e616d6502000001d49e05020001046e6578740204706c616e02000001c09e02020001046e657874020777656c636f6d6502000001b68801020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'flow', 'signup', 1, NULL, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x020002020000000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'flow', 'signup', 2, NULL, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020e00020000000404646f6e65020000000000046e616d6502000001d49e05020001046e6578740204706c616e02000001c09e02020001046e657874020777656c636f6d6500000001b68801020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'experiment', 'signup', 0, 1793827715254, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d650204706c616e020777656c636f6d650203046e616d6501046e6578740204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'experiment', 'signup', 1, 1793827715254, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200010777656c636f6d650200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u11', 'experiment', 'signup', 2, 1793827782249, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020304646f6e6502046e616d650204706c616e0203046e616d6501046e6578740204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'flow', 'signup', 0, 1793555799625, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020c020000000003046e616d6502000001ee960202000106616e6e75616c0204706c616e0200020000000777656c636f6d6502000001bae706020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'flow', 'signup', 1, NULL, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x020002020000000000010777656c636f6d6500000001bae706020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'flow', 'signup', 2, 1793555799625, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020a020000000003046e616d6502000001ee960202000106616e6e75616c0204706c616e0200020000000777656c636f6d65020000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'experiment', 'signup', 0, 1793555829952, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020003046e616d650204706c616e020777656c636f6d650202046e616d650106616e6e75616c020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'experiment', 'signup', 1, 1793555845625, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020000010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u1', 'experiment', 'signup', 2, 1793555829952, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020003046e616d650204706c616e020777656c636f6d650201046e616d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'flow', 'signup', 0, 1793520045819, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'flow', 'signup', 1, 1793520045819, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'walkthrough', 'tour', 0, 1793520200426, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020c02020205696e74726f0202000000010374617002000570616e656c020200000001037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'walkthrough', 'tour', 1, NULL, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020a00020205696e74726f0202000000010374617002000570616e656c020200000001037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'walkthrough', 'tour', 2, 1793520200426, '{"appVersion":"1.0","experiments":[],"variations":{}}', '\x02010202020000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'experiment', 'signup', 0, 1793520121602, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200010777656c636f6d650200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'experiment', 'signup', 1, 1793520121602, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200010777656c636f6d650200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'experiment', 'tour', 0, 1793520214284, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020205696e74726f020570616e656c020205696e74726f0103746170020570616e656c010374617002');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u14', 'experiment', 'tour', 1, 1793520214284, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020205696e74726f020570616e656c020205696e74726f0103746170020570616e656c010374617002');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'flow', 'signup', 0, 1793907279136, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021202020001eae51802000404646f6e65020000000000046e616d6502000001c8a006020001046e6578740204706c616e02000001aae702020001046e657874020777656c636f6d6502000001c0b206020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'flow', 'signup', 1, NULL, '{"appVersion":"1.1","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020e00020000000404646f6e65020000000000046e616d6502000001c8a006020001046e6578740204706c616e0200000000000777656c636f6d6502000001c0b206020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'flow', 'signup', 2, 1793907279136, '{"appVersion":"1.1","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020402000000000104706c616e00000001aae702020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'experiment', 'signup', 0, 1793907279136, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d650204706c616e020777656c636f6d650203046e616d6501046e6578740204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'experiment', 'signup', 1, 1793907279136, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d650204706c616e020777656c636f6d650202046e616d6501046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u9', 'experiment', 'signup', 2, 1793907406055, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200000104706c616e01046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u5', 'flow', 'signup', 0, 1793753542415, '{"appVersion":"1.1","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0200021002000000000404646f6e65000200000000046e616d6502000001d4ca01020001046e6578740204706c616e02000201bab402020001046e657874020777656c636f6d65020000019efe06020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u5', 'experiment', 'signup', 0, 1793753543848, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020003046e616d650204706c616e020777656c636f6d650203046e616d6501046e6578740204706c616e01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u2', 'flow', 'signup', 0, 1793841799701, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"short","variations":{"short-signup":"short"}}', '\x02000208020000000002046e616d650200020000000777656c636f6d6502000001c6f40502000106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u2', 'experiment', 'signup', 0, 1793841837567, '{"experiment":"short-signup","seen":["short"],"variation":"short"}', '\x0202020002046e616d65020777656c636f6d6502010777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'walkthrough', 'tour', 0, 1793874483848, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020602020105696e74726f02000000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'walkthrough', 'tour', 2, 1793874483848, '{"appVersion":"2.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020602020105696e74726f02000000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'experiment', 'tour', 0, 1793874483848, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'experiment', 'tour', 2, 1793874483848, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020105696e74726f0200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u6', 'flow', 'signup', 0, 1793652838855, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021202020001f4811e02000404646f6e65020000000000046e616d6502000001b41e020001046e657874020c706c616e2d6d6f6e74686c7902000001cccf01020001046e657874020777656c636f6d6502000001da13020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u6', 'flow', 'signup', 1, 1793652838855, '{"experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021202020001f4811e02000404646f6e65020000000000046e616d6502000001b41e020001046e657874020c706c616e2d6d6f6e74686c7902000001cccf01020001046e657874020777656c636f6d6502000001da13020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u6', 'experiment', 'signup', 0, 1793652917951, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d65020c706c616e2d6d6f6e74686c79020777656c636f6d650203046e616d6501046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u6', 'experiment', 'signup', 1, 1793652917951, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d65020c706c616e2d6d6f6e74686c79020777656c636f6d650203046e616d6501046e657874020c706c616e2d6d6f6e74686c7901046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'flow', 'signup', 0, 1793508103758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021a02020001fc994202000504646f6e65000200000000086c65676163792d3002000001ee18020001046e65787402046e616d6502000001bc6602000106616e6e75616c020b706c616e2d616e6e75616c02000002f431028466020002046261636b02046e657874020777656c636f6d6502000001c4d80602000106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'flow', 'signup', 1, 1793508103758, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021402020001fc9942020004086c65676163792d3002000001ee18020001046e65787402046e616d6502000001bc6602000106616e6e75616c020b706c616e2d616e6e75616c0200000000000777656c636f6d6502000001c4d80602000106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'flow', 'signup', 2, NULL, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020600000000000204646f6e650002000000000b706c616e2d616e6e75616c00000002f431028466020002046261636b02046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'walkthrough', 'tour', 0, 1793508646092, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020c02020205696e74726f0202000000010374617002000570616e656c020200000001037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'walkthrough', 'tour', 2, 1793508646092, '{"appVersion":"1.0","experiments":["short-signup"],"variation":"control","variations":{"short-signup":"control"}}', '\x0201020c02020205696e74726f0202000000010374617002000570616e656c020200000001037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'experiment', 'signup', 0, 1793508170942, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020204086c65676163792d3002046e616d65020b706c616e2d616e6e75616c020777656c636f6d650204086c65676163792d3001046e65787402046e616d650106616e6e75616c020b706c616e2d616e6e75616c02046261636b02046e657874020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'experiment', 'signup', 1, 1793508170942, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020204086c65676163792d3002046e616d65020b706c616e2d616e6e75616c020777656c636f6d650203086c65676163792d3001046e65787402046e616d650106616e6e75616c020777656c636f6d650106616e6e75616c02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'experiment', 'signup', 2, 1793508369995, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020000010b706c616e2d616e6e75616c02046261636b02046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'experiment', 'tour', 0, 1793508646092, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020205696e74726f020570616e656c020205696e74726f0103746170020570616e656c010374617002');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u8', 'experiment', 'tour', 2, 1793508646092, '{"experiment":"short-signup","seen":["control"],"variation":"control","walkthrough":true}', '\x020202020205696e74726f020570616e656c020205696e74726f0103746170020570616e656c010374617002');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'flow', 'signup', 0, 1793912132178, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', '\x0200021002000000000404646f6e65020002000000046e616d6502000001b6c601020001046e6578740204706c616e02000001ec18020001046e657874020777656c636f6d6502000001b2dc04020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'flow', 'signup', 1, 1793912132178, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', '\x020002040200000000010777656c636f6d65020002000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u4', 'flow', 'signup', 2, NULL, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', '\x0200020c00000000000404646f6e65020002000000046e616d6502000001b6c601020001046e6578740204706c616e02000001ec18020001046e657874020777656c636f6d6500000001b2dc04020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'flow', 'signup', 0, 1793874372217, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020a020002000002046e616d650200020000000777656c636f6d6502000001d28e05020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'flow', 'signup', 1, 1793874372217, '{"appVersion":"2.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x0200020a020002000002046e616d650200020000000777656c636f6d6502000001d28e05020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'experiment', 'signup', 0, 1793874397251, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020002046e616d65020777656c636f6d6502010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u12', 'experiment', 'signup', 1, 1793874397251, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x0202020002046e616d65020777656c636f6d6502010777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u13', 'flow', 'signup', 0, 1793522143201, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', '\x0200021202020001dab01f02000404646f6e65000200000000046e616d6502000001a4c306020001046e657874020b706c616e2d616e6e75616c020000019e9401020001046e657874020777656c636f6d6502000001c8e905020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u13', 'flow', 'signup', 1, 1793522143201, '{"appVersion":"2.0","experiments":[],"revision":1,"variations":{}}', '\x0200020c020000000003046e616d6502000201a4c306020001046e657874020b706c616e2d616e6e75616c000000019e9401020001046e657874020777656c636f6d6502000001c8e905020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u13', 'flow', 'signup', 2, NULL, '{"appVersion":"2.0","experiments":[],"revision":2,"variations":{}}', '\x0200020600020000000204646f6e650002000000000b706c616e2d616e6e75616c020000000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u13', 'walkthrough', 'tour', 0, 1793522479839, '{"appVersion":"2.0","experiments":[],"variations":{}}', '\x0201020a02000205696e74726f0202000000010374617002000570616e656c020200000201037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u13', 'walkthrough', 'tour', 2, 1793522479839, '{"appVersion":"2.0","experiments":[],"variations":{}}', '\x0201020a02000205696e74726f0202000000010374617002000570616e656c020200000201037461700200');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'flow', 'signup', 0, 1793547042830, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021602020001acc82902000404646f6e65020000000000046e616d6502000002e21e02d08406020002046261636b02046e657874020b706c616e2d616e6e75616c0200000192bd02020001046e657874020777656c636f6d6502000001c86e020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'flow', 'signup', 1, NULL, '{"appVersion":"1.0","experiments":["short-signup"],"revision":1,"variation":"control","variations":{"short-signup":"control"}}', '\x02000204000000000002046e616d6500000001e21e020001046261636b020b706c616e2d616e6e75616c020002000000');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'flow', 'signup', 2, 1793547042830, '{"appVersion":"1.0","experiments":["short-signup"],"revision":2,"variation":"control","variations":{"short-signup":"control"}}', '\x0200021202020001acc82902000404646f6e65020000000000046e616d6502000001b2a306020001046e657874020b706c616e2d616e6e75616c0000000192bd02020001046e657874020777656c636f6d6502000001c86e020001046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'experiment', 'signup', 0, 1793547057847, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020404646f6e6502046e616d65020b706c616e2d616e6e75616c020777656c636f6d650203046e616d6502046261636b02046e657874020b706c616e2d616e6e75616c01046e657874020777656c636f6d6501046e65787402');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'experiment', 'signup', 1, 1793547172509, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x02020200010b706c616e2d616e6e75616c0201046e616d6501046261636b02');
INSERT INTO public.contribution_rows VALUES ('fuzz', 'production', 'u15', 'experiment', 'signup', 2, 1793547057847, '{"experiment":"short-signup","seen":["control"],"variation":"control"}', '\x020202020304646f6e6502046e616d65020777656c636f6d650203046e616d6501046e657874020b706c616e2d616e6e75616c01046e657874020777656c636f6d6501046e65787402');


--
-- Data for Name: environments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.environments VALUES ('fuzz', 'staging', NULL);
INSERT INTO public.environments VALUES ('fuzz', 'production', 2);


--
-- Data for Name: erased_messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-6-565421', 1793778058529);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-1-667652', 1793777957448);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-4-774355', 1793778030017);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-9-335344', 1793778066563);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-3-832293', 1793777984031);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-2-103865', 1793777957448);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-7-972510', 1793778060757);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-8-34589', 1793778063119);
INSERT INTO public.erased_messages VALUES ('fuzz', 'u7-5-404800', 1793778038887);


--
-- Data for Name: event_counts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.event_counts VALUES ('fuzz', 'production', 154);


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.events VALUES (7, 'fuzz', 'u10-9-347872', 'u10', 'signup', 1793689708900, 'production', 1796587411454, '{"messageId":"u10-9-347872","userId":"u10","event":"Step Completed","timestamp":"2026-11-03T07:08:28.900Z","flowId":"signup","flowVersion":1,"stepId":"plan-monthly","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":38002,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (21, 'fuzz', 'u11-7-840165', 'u11', 'signup', 1793827930141, 'production', 1796587411454, '{"messageId":"u11-7-840165","userId":"u11","event":"Step Viewed","timestamp":"2026-11-04T21:32:10.141Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (17, 'fuzz', 'u12-1-760933', 'u12', 'signup', 1793874372217, 'production', 1796587411454, '{"messageId":"u12-1-760933","userId":"u12","event":"Flow Started","timestamp":"2026-11-05T10:26:12.217Z","flowId":"signup","flowVersion":1,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (15, 'fuzz', 'u12-2-855125', 'u12', 'signup', 1793874397251, 'production', 1796587411454, '{"messageId":"u12-2-855125","userId":"u12","event":"Step Viewed","timestamp":"2026-11-05T10:26:37.251Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (9, 'fuzz', 'u12-8-8762', 'u12', NULL, 1793874483848, 'production', 1796587411454, '{"messageId":"u12-8-8762","userId":"u12","event":"Walkthrough Completed","timestamp":"2026-11-05T10:28:03.848Z","walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (3, 'fuzz', 'u13-12-555286', 'u13', NULL, 1793522551173, 'production', 1796587411454, '{"messageId":"u13-12-555286","userId":"u13","event":"Hint Completed","timestamp":"2026-11-01T08:42:31.173Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (4, 'fuzz', 'u13-9-781074', 'u13', 'signup', 1793522400270, 'production', 1796587411454, '{"messageId":"u13-9-781074","userId":"u13","event":"Flow Completed","timestamp":"2026-11-01T08:40:00.270Z","flowId":"signup","flowVersion":1,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (20, 'fuzz', 'u15-1-726194', 'u15', 'signup', 1793547042830, 'production', 1796587411454, '{"messageId":"u15-1-726194","userId":"u15","event":"Flow Started","timestamp":"2026-11-01T15:30:42.830Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (18, 'fuzz', 'u2-1-174206', 'u2', 'signup', 1793841799701, 'production', 1796587411454, '{"messageId":"u2-1-174206","userId":"u2","event":"Flow Started","timestamp":"2026-11-05T01:23:19.701Z","flowId":"signup","flowVersion":1,"appVersion":"1.0"}', NULL);
INSERT INTO public.events VALUES (11, 'fuzz', 'u2-2-389772', 'u2', 'signup', 1793841837567, 'production', 1796587411454, '{"messageId":"u2-2-389772","userId":"u2","event":"Step Viewed","timestamp":"2026-11-05T01:23:57.567Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"short","appVersion":"1.0"}', NULL);
INSERT INTO public.events VALUES (8, 'fuzz', 'u3-8-26013', 'u3', 'signup', 1793879870231, 'production', 1796587411454, '{"messageId":"u3-8-26013","userId":"u3","event":"Step Viewed","timestamp":"2026-11-05T11:57:50.231Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (16, 'fuzz', 'u4-8-636633', 'u4', 'signup', 1793912415663, 'production', 1796587411454, '{"messageId":"u4-8-636633","userId":"u4","event":"Step Viewed","timestamp":"2026-11-05T21:00:15.663Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (1, 'fuzz', 'u5-6-592099', 'u5', 'signup', 1793753785003, 'production', 1796587411454, '{"messageId":"u5-6-592099","userId":"u5","event":"Step Viewed","timestamp":"2026-11-04T00:56:25.003Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (12, 'fuzz', 'u8-14-708253', 'u8', NULL, 1793508646092, 'production', 1796587411454, '{"messageId":"u8-14-708253","userId":"u8","event":"Walkthrough Started","timestamp":"2026-11-01T04:50:46.092Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (14, 'fuzz', 'u8-18-215978', 'u8', NULL, 1793508816275, 'production', 1796587411454, '{"messageId":"u8-18-215978","userId":"u8","event":"Hint Completed","timestamp":"2026-11-01T04:53:36.275Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (13, 'fuzz', 'u8-8-235481', 'u8', 'signup', 1793508356035, 'production', 1796587411454, '{"messageId":"u8-8-235481","userId":"u8","event":"Step Viewed","timestamp":"2026-11-01T04:45:56.035Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (2, 'fuzz', 'u9-1-751348', 'u9', 'signup', 1793907279136, 'production', 1796587411454, '{"messageId":"u9-1-751348","userId":"u9","event":"Flow Started","timestamp":"2026-11-05T19:34:39.136Z","flowId":"signup","flowVersion":1,"appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (6, 'fuzz', 'u9-5-388480', 'u9', 'signup', 1793907330220, 'production', 1796587411454, '{"messageId":"u9-5-388480","userId":"u9","event":"Step Completed","timestamp":"2026-11-05T19:35:30.220Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":51236,"appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (10, 'fuzz', 'u9-6-770509', 'u9', 'signup', 1793907403287, 'production', 1796587411454, '{"messageId":"u9-6-770509","userId":"u9","event":"Step Viewed","timestamp":"2026-11-05T19:36:43.287Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (40, 'fuzz', 'u0-5-860600', 'u0', 'signup', 1793854621474, 'production', 1796587411497, '{"messageId":"u0-5-860600","userId":"u0","event":"Step Completed","timestamp":"2026-11-05T04:57:01.474Z","flowId":"signup","flowVersion":1,"stepId":"legacy-2","stepIndex":1,"experiment":"short-signup","variation":"short","outcome":"annual","durationMs":19510,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (28, 'fuzz', 'u0-6-902075', 'u0', 'signup', 1793854649786, 'production', 1796587411497, '{"messageId":"u0-6-902075","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T04:57:29.786Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":2,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (38, 'fuzz', 'u0-7-791285', 'u0', 'signup', 1793854672499, 'production', 1796587411497, '{"messageId":"u0-7-791285","userId":"u0","event":"Step Completed","timestamp":"2026-11-05T04:57:52.499Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":2,"experiment":"short-signup","variation":"short","outcome":"next","durationMs":1482,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (33, 'fuzz', 'u1-4-760325', 'u1', 'signup', 1793555873224, 'production', 1796587411497, '{"messageId":"u1-4-760325","userId":"u1","event":"Step Viewed","timestamp":"2026-11-01T17:57:53.224Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (56, 'fuzz', 'u1-5-948942', 'u1', 'signup', 1793555929241, 'production', 1796587411497, '{"messageId":"u1-5-948942","userId":"u1","event":"Step Completed","timestamp":"2026-11-01T17:58:49.241Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"annual","durationMs":17847,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (53, 'fuzz', 'u10-1-319484', 'u10', 'signup', 1793689256352, 'production', 1796587411497, '{"messageId":"u10-1-319484","userId":"u10","event":"Flow Started","timestamp":"2026-11-03T07:00:56.352Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (48, 'fuzz', 'u10-10-378982', 'u10', 'signup', 1793689793385, 'production', 1796587411497, '{"messageId":"u10-10-378982","userId":"u10","event":"Step Viewed","timestamp":"2026-11-03T07:09:53.385Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (24, 'fuzz', 'u11-2-191253', 'u11', 'signup', 1793827782249, 'production', 1796587411497, '{"messageId":"u11-2-191253","userId":"u11","event":"Step Completed","timestamp":"2026-11-04T21:29:42.249Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":8731,"appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (25, 'fuzz', 'u11-3-52009', 'u11', 'signup', 1793827807510, 'production', 1796587411497, '{"messageId":"u11-3-52009","userId":"u11","event":"Step Viewed","timestamp":"2026-11-04T21:30:07.510Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (44, 'fuzz', 'u12-3-716248', 'u12', 'signup', 1793874421683, 'production', 1796587411497, '{"messageId":"u12-3-716248","userId":"u12","event":"Step Completed","timestamp":"2026-11-05T10:27:01.683Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":41897,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (23, 'fuzz', 'u12-6-710648', 'u12', NULL, 1793874483848, 'production', 1796587411497, '{"messageId":"u12-6-710648","userId":"u12","event":"Walkthrough Started","timestamp":"2026-11-05T10:28:03.848Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (41, 'fuzz', 'u13-1-447977', 'u13', 'signup', 1793522143201, 'production', 1796587411497, '{"messageId":"u13-1-447977","userId":"u13","event":"Flow Started","timestamp":"2026-11-01T08:35:43.201Z","flowId":"signup","flowVersion":1,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (35, 'fuzz', 'u13-14-227316', 'u13', NULL, 1793522582381, 'production', 1796587411497, '{"messageId":"u13-14-227316","userId":"u13","event":"Hint Completed","timestamp":"2026-11-01T08:43:02.381Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (55, 'fuzz', 'u13-3-97787', 'u13', 'signup', 1793522207832, 'production', 1796587411497, '{"messageId":"u13-3-97787","userId":"u13","event":"Step Completed","timestamp":"2026-11-01T08:36:47.832Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"outcome":"next","durationMs":47716,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (26, 'fuzz', 'u14-6-301756', 'u14', NULL, 1793520254478, 'production', 1796587411497, '{"messageId":"u14-6-301756","userId":"u14","event":"Hint Shown","timestamp":"2026-11-01T08:04:14.478Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (45, 'fuzz', 'u14-7-976493', 'u14', NULL, 1793520286335, 'production', 1796587411497, '{"messageId":"u14-7-976493","userId":"u14","event":"Hint Completed","timestamp":"2026-11-01T08:04:46.335Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (32, 'fuzz', 'u14-8-102802', 'u14', NULL, 1793520360844, 'production', 1796587411497, '{"messageId":"u14-8-102802","userId":"u14","event":"Walkthrough Completed","timestamp":"2026-11-01T08:06:00.844Z","walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (54, 'fuzz', 'u15-10-198387', 'u15', 'signup', 1793547356039, 'production', 1796587411497, '{"messageId":"u15-10-198387","userId":"u15","event":"Step Viewed","timestamp":"2026-11-01T15:35:56.039Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (29, 'fuzz', 'u15-3-63896', 'u15', 'signup', 1793547129230, 'production', 1796587411497, '{"messageId":"u15-3-63896","userId":"u15","event":"Step Completed","timestamp":"2026-11-01T15:32:09.230Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":7076,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (58, 'fuzz', 'u3-1-82615', 'u3', 'signup', 1793879597568, 'production', 1796587411497, '{"messageId":"u3-1-82615","userId":"u3","event":"Flow Started","timestamp":"2026-11-05T11:53:17.568Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (30, 'fuzz', 'u3-4-134025', 'u3', 'signup', 1793879723282, 'production', 1796587411497, '{"messageId":"u3-4-134025","userId":"u3","event":"Step Viewed","timestamp":"2026-11-05T11:55:23.282Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (36, 'fuzz', 'u3-5-415064', 'u3', 'signup', 1793879810922, 'production', 1796587411497, '{"messageId":"u3-5-415064","userId":"u3","event":"Step Completed","timestamp":"2026-11-05T11:56:50.922Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":38205,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (39, 'fuzz', 'u3-6-414834', 'u3', 'signup', 1793879831523, 'production', 1796587411497, '{"messageId":"u3-6-414834","userId":"u3","event":"Step Viewed","timestamp":"2026-11-05T11:57:11.523Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (52, 'fuzz', 'u4-10-457292', 'u4', NULL, 1793912570521, 'production', 1796587411497, '{"messageId":"u4-10-457292","userId":"u4","event":"Hint Shown","timestamp":"2026-11-05T21:02:50.521Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (47, 'fuzz', 'u4-4-620948', 'u4', 'signup', 1793912204336, 'production', 1796587411497, '{"messageId":"u4-4-620948","userId":"u4","event":"Step Viewed","timestamp":"2026-11-05T20:56:44.336Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (46, 'fuzz', 'u4-7-951195', 'u4', 'signup', 1793912388669, 'production', 1796587411497, '{"messageId":"u4-7-951195","userId":"u4","event":"Step Completed","timestamp":"2026-11-05T20:59:48.669Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"outcome":"next","durationMs":1590,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (43, 'fuzz', 'u5-7-420001', 'u5', 'signup', 1793753823980, 'production', 1796587411497, '{"messageId":"u5-7-420001","userId":"u5","event":"Step Completed","timestamp":"2026-11-04T00:57:03.980Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":19741,"appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (27, 'fuzz', 'u6-1-450015', 'u6', 'signup', 1793652838855, 'production', 1796587411497, '{"messageId":"u6-1-450015","userId":"u6","event":"Flow Started","timestamp":"2026-11-02T20:53:58.855Z","flowId":"signup","flowVersion":1,"revision":1}', NULL);
INSERT INTO public.events VALUES (37, 'fuzz', 'u6-4-754950', 'u6', 'signup', 1793652935926, 'production', 1796587411497, '{"messageId":"u6-4-754950","userId":"u6","event":"Step Viewed","timestamp":"2026-11-02T20:55:35.926Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","revision":1}', NULL);
INSERT INTO public.events VALUES (42, 'fuzz', 'u8-1-190663', 'u8', 'signup', 1793508103758, 'production', 1796587411497, '{"messageId":"u8-1-190663","userId":"u8","event":"Flow Started","timestamp":"2026-11-01T04:41:43.758Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (50, 'fuzz', 'u8-12-8519', 'u8', 'signup', 1793508586565, 'production', 1796587411497, '{"messageId":"u8-12-8519","userId":"u8","event":"Step Skipped","timestamp":"2026-11-01T04:49:46.565Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":4,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (57, 'fuzz', 'u8-13-858119', 'u8', 'signup', 1793508646092, 'production', 1796587411497, '{"messageId":"u8-13-858119","userId":"u8","event":"Flow Completed","timestamp":"2026-11-01T04:50:46.092Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (51, 'fuzz', 'u8-16-975619', 'u8', NULL, 1793508733026, 'production', 1796587411497, '{"messageId":"u8-16-975619","userId":"u8","event":"Hint Completed","timestamp":"2026-11-01T04:52:13.026Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (49, 'fuzz', 'u8-3-97449', 'u8', 'signup', 1793508184535, 'production', 1796587411497, '{"messageId":"u8-3-97449","userId":"u8","event":"Step Completed","timestamp":"2026-11-01T04:43:04.535Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"annual","durationMs":54818,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (31, 'fuzz', 'u8-4-201639', 'u8', 'signup', 1793508256177, 'production', 1796587411497, '{"messageId":"u8-4-201639","userId":"u8","event":"Step Viewed","timestamp":"2026-11-01T04:44:16.177Z","flowId":"signup","flowVersion":1,"stepId":"legacy-0","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (59, 'fuzz', 'u9-3-926808', 'u9', 'signup', 1793907320031, 'production', 1796587411497, '{"messageId":"u9-3-926808","userId":"u9","event":"Step Completed","timestamp":"2026-11-05T19:35:20.031Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":52384,"appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (22, 'fuzz', 'u9-9-456395', 'u9', 'signup', 1793907482261, 'production', 1796587411497, '{"messageId":"u9-9-456395","userId":"u9","event":"Flow Completed","timestamp":"2026-11-05T19:38:02.261Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (68, 'fuzz', 'u0-1-662246', 'u0', 'signup', 1793854536121, 'production', 1796587411567, '{"messageId":"u0-1-662246","userId":"u0","event":"Flow Started","timestamp":"2026-11-05T04:55:36.121Z","flowId":"signup","flowVersion":1,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (73, 'fuzz', 'u0-10-605772', 'u0', 'signup', 1793854762029, 'production', 1796587411567, '{"messageId":"u0-10-605772","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T04:59:22.029Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":3,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (101, 'fuzz', 'u0-13-856794', 'u0', 'signup', 1793854935256, 'production', 1796587411567, '{"messageId":"u0-13-856794","userId":"u0","event":"Flow Completed","timestamp":"2026-11-05T05:02:15.256Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (66, 'fuzz', 'u0-2-544989', 'u0', 'signup', 1793854536121, 'production', 1796587411567, '{"messageId":"u0-2-544989","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T04:55:36.121Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (77, 'fuzz', 'u0-9-72058', 'u0', 'signup', 1793854739980, 'production', 1796587411567, '{"messageId":"u0-9-72058","userId":"u0","event":"Step Completed","timestamp":"2026-11-05T04:58:59.980Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":3,"experiment":"short-signup","variation":"short","outcome":"back","durationMs":1943,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (82, 'fuzz', 'u1-1-483268', 'u1', 'signup', 1793555799625, 'production', 1796587411567, '{"messageId":"u1-1-483268","userId":"u1","event":"Flow Started","timestamp":"2026-11-01T17:56:39.625Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (104, 'fuzz', 'u1-2-63773', 'u1', 'signup', 1793555829952, 'production', 1796587411567, '{"messageId":"u1-2-63773","userId":"u1","event":"Step Viewed","timestamp":"2026-11-01T17:57:09.952Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (102, 'fuzz', 'u10-12-586726', 'u10', NULL, 1793689883129, 'production', 1796587411567, '{"messageId":"u10-12-586726","userId":"u10","event":"Walkthrough Started","timestamp":"2026-11-03T07:11:23.129Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (87, 'fuzz', 'u10-13-601594', 'u10', NULL, 1793689946450, 'production', 1796587411567, '{"messageId":"u10-13-601594","userId":"u10","event":"Hint Shown","timestamp":"2026-11-03T07:12:26.450Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (93, 'fuzz', 'u10-2-463657', 'u10', 'signup', 1793689341391, 'production', 1796587411567, '{"messageId":"u10-2-463657","userId":"u10","event":"Step Viewed","timestamp":"2026-11-03T07:02:21.391Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (96, 'fuzz', 'u10-3-384777', 'u10', 'signup', 1793689369128, 'production', 1796587411567, '{"messageId":"u10-3-384777","userId":"u10","event":"Step Completed","timestamp":"2026-11-03T07:02:49.128Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"annual","durationMs":15611,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (100, 'fuzz', 'u10-4-437031', 'u10', 'signup', 1793689424249, 'production', 1796587411567, '{"messageId":"u10-4-437031","userId":"u10","event":"Step Viewed","timestamp":"2026-11-03T07:03:44.249Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (84, 'fuzz', 'u10-5-424485', 'u10', 'signup', 1793689463138, 'production', 1796587411567, '{"messageId":"u10-5-424485","userId":"u10","event":"Step Completed","timestamp":"2026-11-03T07:04:23.138Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"back","durationMs":2291,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (99, 'fuzz', 'u10-6-617486', 'u10', 'signup', 1793689539229, 'production', 1796587411567, '{"messageId":"u10-6-617486","userId":"u10","event":"Step Viewed","timestamp":"2026-11-03T07:05:39.229Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (70, 'fuzz', 'u10-7-733812', 'u10', 'signup', 1793689608877, 'production', 1796587411567, '{"messageId":"u10-7-733812","userId":"u10","event":"Step Completed","timestamp":"2026-11-03T07:06:48.877Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":40837,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (69, 'fuzz', 'u11-8-76344', 'u11', 'signup', 1793828003217, 'production', 1796587411567, '{"messageId":"u11-8-76344","userId":"u11","event":"Flow Completed","timestamp":"2026-11-04T21:33:23.217Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (61, 'fuzz', 'u13-11-639196', 'u13', NULL, 1793522551173, 'production', 1796587411567, '{"messageId":"u13-11-639196","userId":"u13","event":"Hint Shown","timestamp":"2026-11-01T08:42:31.173Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (89, 'fuzz', 'u13-2-41588', 'u13', 'signup', 1793522151088, 'production', 1796587411567, '{"messageId":"u13-2-41588","userId":"u13","event":"Step Viewed","timestamp":"2026-11-01T08:35:51.088Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (79, 'fuzz', 'u13-8-417827', 'u13', 'signup', 1793522329152, 'production', 1796587411567, '{"messageId":"u13-8-417827","userId":"u13","event":"Step Skipped","timestamp":"2026-11-01T08:38:49.152Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (88, 'fuzz', 'u14-3-84463', 'u14', NULL, 1793520200426, 'production', 1796587411567, '{"messageId":"u14-3-84463","userId":"u14","event":"Walkthrough Started","timestamp":"2026-11-01T08:03:20.426Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (86, 'fuzz', 'u15-11-82251', 'u15', 'signup', 1793547383332, 'production', 1796587411567, '{"messageId":"u15-11-82251","userId":"u15","event":"Flow Completed","timestamp":"2026-11-01T15:36:23.332Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (98, 'fuzz', 'u15-5-214083', 'u15', 'signup', 1793547172509, 'production', 1796587411567, '{"messageId":"u15-5-214083","userId":"u15","event":"Step Completed","timestamp":"2026-11-01T15:32:52.509Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"back","durationMs":1969,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (85, 'fuzz', 'u15-6-446610', 'u15', 'signup', 1793547182688, 'production', 1796587411567, '{"messageId":"u15-6-446610","userId":"u15","event":"Step Viewed","timestamp":"2026-11-01T15:33:02.688Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (97, 'fuzz', 'u15-9-280848', 'u15', 'signup', 1793547298290, 'production', 1796587411567, '{"messageId":"u15-9-280848","userId":"u15","event":"Step Completed","timestamp":"2026-11-01T15:34:58.290Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":20297,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (94, 'fuzz', 'u2-3-493850', 'u2', 'signup', 1793841909926, 'production', 1796587411567, '{"messageId":"u2-3-493850","userId":"u2","event":"Step Completed","timestamp":"2026-11-05T01:25:09.926Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"short","outcome":"annual","durationMs":48419,"appVersion":"1.0"}', NULL);
INSERT INTO public.events VALUES (90, 'fuzz', 'u3-2-752304', 'u3', 'signup', 1793879632220, 'production', 1796587411567, '{"messageId":"u3-2-752304","userId":"u3","event":"Step Viewed","timestamp":"2026-11-05T11:53:52.220Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (60, 'fuzz', 'u3-3-300129', 'u3', 'signup', 1793879636188, 'production', 1796587411567, '{"messageId":"u3-3-300129","userId":"u3","event":"Step Completed","timestamp":"2026-11-05T11:53:56.188Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":44650,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (64, 'fuzz', 'u4-1-874292', 'u4', 'signup', 1793912132178, 'production', 1796587411567, '{"messageId":"u4-1-874292","userId":"u4","event":"Flow Started","timestamp":"2026-11-05T20:55:32.178Z","flowId":"signup","flowVersion":1,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (95, 'fuzz', 'u4-11-134369', 'u4', NULL, 1793912643900, 'production', 1796587411567, '{"messageId":"u4-11-134369","userId":"u4","event":"Hint Completed","timestamp":"2026-11-05T21:04:03.900Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","appVersion":"2.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (103, 'fuzz', 'u4-13-350959', 'u4', NULL, 1793912726918, 'production', 1796587411567, '{"messageId":"u4-13-350959","userId":"u4","event":"Hint Completed","timestamp":"2026-11-05T21:05:26.918Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (71, 'fuzz', 'u4-5-726276', 'u4', 'signup', 1793912284029, 'production', 1796587411567, '{"messageId":"u4-5-726276","userId":"u4","event":"Step Completed","timestamp":"2026-11-05T20:58:04.029Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"outcome":"next","durationMs":12699,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (106, 'fuzz', 'u5-4-377041', 'u5', 'signup', 1793753693377, 'production', 1796587411567, '{"messageId":"u5-4-377041","userId":"u5","event":"Step Viewed","timestamp":"2026-11-04T00:54:53.377Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (75, 'fuzz', 'u5-5-204457', 'u5', 'signup', 1793753725801, 'production', 1796587411567, '{"messageId":"u5-5-204457","userId":"u5","event":"Step Completed","timestamp":"2026-11-04T00:55:25.801Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":12970,"appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (80, 'fuzz', 'u6-6-495992', 'u6', 'signup', 1793652970333, 'production', 1796587411567, '{"messageId":"u6-6-495992","userId":"u6","event":"Step Viewed","timestamp":"2026-11-02T20:56:10.333Z","flowId":"signup","flowVersion":1,"stepId":"plan-monthly","stepIndex":2,"experiment":"short-signup","variation":"control","revision":1}', NULL);
INSERT INTO public.events VALUES (67, 'fuzz', 'u6-8-65267', 'u6', 'signup', 1793653010491, 'production', 1796587411567, '{"messageId":"u6-8-65267","userId":"u6","event":"Step Viewed","timestamp":"2026-11-02T20:56:50.491Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","revision":1}', NULL);
INSERT INTO public.events VALUES (92, 'fuzz', 'u6-9-695193', 'u6', 'signup', 1793653084737, 'production', 1796587411567, '{"messageId":"u6-9-695193","userId":"u6","event":"Flow Completed","timestamp":"2026-11-02T20:58:04.737Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","revision":1}', NULL);
INSERT INTO public.events VALUES (83, 'fuzz', 'u8-10-605040', 'u8', 'signup', 1793508435219, 'production', 1796587411567, '{"messageId":"u8-10-605040","userId":"u8","event":"Step Viewed","timestamp":"2026-11-01T04:47:15.219Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (78, 'fuzz', 'u8-11-131988', 'u8', 'signup', 1793508504858, 'production', 1796587411567, '{"messageId":"u8-11-131988","userId":"u8","event":"Step Completed","timestamp":"2026-11-01T04:48:24.858Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":3,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":9724,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (62, 'fuzz', 'u8-2-684849', 'u8', 'signup', 1793508170942, 'production', 1796587411567, '{"messageId":"u8-2-684849","userId":"u8","event":"Step Viewed","timestamp":"2026-11-01T04:42:50.942Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (74, 'fuzz', 'u8-5-803940', 'u8', 'signup', 1793508262886, 'production', 1796587411567, '{"messageId":"u8-5-803940","userId":"u8","event":"Step Completed","timestamp":"2026-11-01T04:44:22.886Z","flowId":"signup","flowVersion":1,"stepId":"legacy-0","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":1591,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (72, 'fuzz', 'u8-6-570448', 'u8', 'signup', 1793508307164, 'production', 1796587411567, '{"messageId":"u8-6-570448","userId":"u8","event":"Step Viewed","timestamp":"2026-11-01T04:45:07.164Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (65, 'fuzz', 'u8-7-891007', 'u8', 'signup', 1793508329258, 'production', 1796587411567, '{"messageId":"u8-7-891007","userId":"u8","event":"Step Completed","timestamp":"2026-11-01T04:45:29.258Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"annual","durationMs":6558,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (81, 'fuzz', 'u9-10-423933', 'u9', NULL, 1793907484758, 'production', 1796587411567, '{"messageId":"u9-10-423933","userId":"u9","event":"Walkthrough Started","timestamp":"2026-11-05T19:38:04.758Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"1.1","revision":1}', 'tour');
INSERT INTO public.events VALUES (105, 'fuzz', 'u9-11-149265', 'u9', NULL, 1793907524008, 'production', 1796587411567, '{"messageId":"u9-11-149265","userId":"u9","event":"Hint Shown","timestamp":"2026-11-05T19:38:44.008Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', 'tour');
INSERT INTO public.events VALUES (91, 'fuzz', 'u9-7-705008', 'u9', 'signup', 1793907406055, 'production', 1796587411567, '{"messageId":"u9-7-705008","userId":"u9","event":"Step Completed","timestamp":"2026-11-05T19:36:46.055Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":22997,"appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (124, 'fuzz', 'u0-11-475512', 'u0', 'signup', 1793854845106, 'production', 1796587411658, '{"messageId":"u0-11-475512","userId":"u0","event":"Step Completed","timestamp":"2026-11-05T05:00:45.106Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":3,"experiment":"short-signup","variation":"short","outcome":"next","durationMs":42880,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (146, 'fuzz', 'u0-12-111028', 'u0', 'signup', 1793854912534, 'production', 1796587411658, '{"messageId":"u0-12-111028","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T05:01:52.534Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":4,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (120, 'fuzz', 'u0-3-816237', 'u0', 'signup', 1793854538368, 'production', 1796587411658, '{"messageId":"u0-3-816237","userId":"u0","event":"Step Completed","timestamp":"2026-11-05T04:55:38.368Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"short","outcome":"next","durationMs":26723,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (151, 'fuzz', 'u0-4-66733', 'u0', 'signup', 1793854620155, 'production', 1796587411658, '{"messageId":"u0-4-66733","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T04:57:00.155Z","flowId":"signup","flowVersion":1,"stepId":"legacy-2","stepIndex":1,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (153, 'fuzz', 'u0-8-375334', 'u0', 'signup', 1793854682168, 'production', 1796587411658, '{"messageId":"u0-8-375334","userId":"u0","event":"Step Viewed","timestamp":"2026-11-05T04:58:02.168Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":3,"experiment":"short-signup","variation":"short","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (138, 'fuzz', 'u1-3-258710', 'u1', 'signup', 1793555845625, 'production', 1796587411658, '{"messageId":"u1-3-258710","userId":"u1","event":"Step Completed","timestamp":"2026-11-01T17:57:25.625Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":55773,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (148, 'fuzz', 'u1-6-129709', 'u1', 'signup', 1793555929241, 'production', 1796587411658, '{"messageId":"u1-6-129709","userId":"u1","event":"Step Viewed","timestamp":"2026-11-01T17:58:49.241Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (107, 'fuzz', 'u10-11-871141', 'u10', 'signup', 1793689883129, 'production', 1796587411658, '{"messageId":"u10-11-871141","userId":"u10","event":"Flow Completed","timestamp":"2026-11-03T07:11:23.129Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (135, 'fuzz', 'u10-14-500204', 'u10', NULL, 1793689946450, 'production', 1796587411658, '{"messageId":"u10-14-500204","userId":"u10","event":"Walkthrough Completed","timestamp":"2026-11-03T07:12:26.450Z","walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (112, 'fuzz', 'u10-8-728852', 'u10', 'signup', 1793689680345, 'production', 1796587411658, '{"messageId":"u10-8-728852","userId":"u10","event":"Step Viewed","timestamp":"2026-11-03T07:08:00.345Z","flowId":"signup","flowVersion":1,"stepId":"plan-monthly","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (113, 'fuzz', 'u11-1-440695', 'u11', 'signup', 1793827715254, 'production', 1796587411658, '{"messageId":"u11-1-440695","userId":"u11","event":"Step Viewed","timestamp":"2026-11-04T21:28:35.254Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (141, 'fuzz', 'u11-4-718535', 'u11', 'signup', 1793827807510, 'production', 1796587411658, '{"messageId":"u11-4-718535","userId":"u11","event":"Step Completed","timestamp":"2026-11-04T21:30:07.510Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":42922,"appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (111, 'fuzz', 'u11-5-149523', 'u11', 'signup', 1793827832908, 'production', 1796587411658, '{"messageId":"u11-5-149523","userId":"u11","event":"Step Viewed","timestamp":"2026-11-04T21:30:32.908Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (134, 'fuzz', 'u11-6-321708', 'u11', 'signup', 1793827896686, 'production', 1796587411658, '{"messageId":"u11-6-321708","userId":"u11","event":"Step Completed","timestamp":"2026-11-04T21:31:36.686Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":18336,"appVersion":"1.1","revision":2}', NULL);
INSERT INTO public.events VALUES (152, 'fuzz', 'u12-4-902468', 'u12', 'signup', 1793874421683, 'production', 1796587411658, '{"messageId":"u12-4-902468","userId":"u12","event":"Step Viewed","timestamp":"2026-11-05T10:27:01.683Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (126, 'fuzz', 'u12-7-962339', 'u12', NULL, 1793874483848, 'production', 1796587411658, '{"messageId":"u12-7-962339","userId":"u12","event":"Hint Shown","timestamp":"2026-11-05T10:28:03.848Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (150, 'fuzz', 'u13-10-896590', 'u13', NULL, 1793522479839, 'production', 1796587411658, '{"messageId":"u13-10-896590","userId":"u13","event":"Walkthrough Started","timestamp":"2026-11-01T08:41:19.839Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (108, 'fuzz', 'u13-4-8193', 'u13', 'signup', 1793522240438, 'production', 1796587411658, '{"messageId":"u13-4-8193","userId":"u13","event":"Step Viewed","timestamp":"2026-11-01T08:37:20.438Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (137, 'fuzz', 'u13-5-526506', 'u13', 'signup', 1793522243742, 'production', 1796587411658, '{"messageId":"u13-5-526506","userId":"u13","event":"Step Completed","timestamp":"2026-11-01T08:37:23.742Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"outcome":"next","durationMs":53458,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (143, 'fuzz', 'u13-7-530928', 'u13', 'signup', 1793522286965, 'production', 1796587411658, '{"messageId":"u13-7-530928","userId":"u13","event":"Step Completed","timestamp":"2026-11-01T08:38:06.965Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"outcome":"next","durationMs":9487,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (119, 'fuzz', 'u14-1-958282', 'u14', 'signup', 1793520045819, 'production', 1796587411658, '{"messageId":"u14-1-958282","userId":"u14","event":"Flow Started","timestamp":"2026-11-01T08:00:45.819Z","flowId":"signup","flowVersion":1,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (118, 'fuzz', 'u14-2-804307', 'u14', 'signup', 1793520121602, 'production', 1796587411658, '{"messageId":"u14-2-804307","userId":"u14","event":"Step Viewed","timestamp":"2026-11-01T08:02:01.602Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (122, 'fuzz', 'u14-4-788647', 'u14', NULL, 1793520214284, 'production', 1796587411658, '{"messageId":"u14-4-788647","userId":"u14","event":"Hint Shown","timestamp":"2026-11-01T08:03:34.284Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (109, 'fuzz', 'u14-5-768348', 'u14', NULL, 1793520214284, 'production', 1796587411658, '{"messageId":"u14-5-768348","userId":"u14","event":"Hint Completed","timestamp":"2026-11-01T08:03:34.284Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"trigger":"tap","experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', 'tour');
INSERT INTO public.events VALUES (140, 'fuzz', 'u15-7-792888', 'u15', 'signup', 1793547186592, 'production', 1796587411658, '{"messageId":"u15-7-792888","userId":"u15","event":"Step Completed","timestamp":"2026-11-01T15:33:06.592Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":51417,"appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (136, 'fuzz', 'u15-8-263573', 'u15', 'signup', 1793547208383, 'production', 1796587411658, '{"messageId":"u15-8-263573","userId":"u15","event":"Step Viewed","timestamp":"2026-11-01T15:33:28.383Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (121, 'fuzz', 'u2-4-422848', 'u2', 'signup', 1793841922408, 'production', 1796587411658, '{"messageId":"u2-4-422848","userId":"u2","event":"Step Viewed","timestamp":"2026-11-05T01:25:22.408Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"short","appVersion":"1.0"}', NULL);
INSERT INTO public.events VALUES (132, 'fuzz', 'u3-7-161444', 'u3', 'signup', 1793879870231, 'production', 1796587411658, '{"messageId":"u3-7-161444","userId":"u3","event":"Step Completed","timestamp":"2026-11-05T11:57:50.231Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":53869,"appVersion":"1.0","revision":1}', NULL);
INSERT INTO public.events VALUES (144, 'fuzz', 'u4-12-737403', 'u4', NULL, 1793912724439, 'production', 1796587411658, '{"messageId":"u4-12-737403","userId":"u4","event":"Hint Shown","timestamp":"2026-11-05T21:05:24.439Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (110, 'fuzz', 'u4-3-390398', 'u4', 'signup', 1793912176654, 'production', 1796587411658, '{"messageId":"u4-3-390398","userId":"u4","event":"Step Completed","timestamp":"2026-11-05T20:56:16.654Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"outcome":"next","durationMs":38681,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (147, 'fuzz', 'u4-6-41023', 'u4', 'signup', 1793912314861, 'production', 1796587411658, '{"messageId":"u4-6-41023","userId":"u4","event":"Step Viewed","timestamp":"2026-11-05T20:58:34.861Z","flowId":"signup","flowVersion":1,"stepId":"plan","stepIndex":2,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (131, 'fuzz', 'u4-9-340570', 'u4', NULL, 1793912490194, 'production', 1796587411658, '{"messageId":"u4-9-340570","userId":"u4","event":"Walkthrough Started","timestamp":"2026-11-05T21:01:30.194Z","walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (115, 'fuzz', 'u5-1-305881', 'u5', 'signup', 1793753542415, 'production', 1796587411658, '{"messageId":"u5-1-305881","userId":"u5","event":"Flow Started","timestamp":"2026-11-04T00:52:22.415Z","flowId":"signup","flowVersion":1,"appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (129, 'fuzz', 'u5-2-716570', 'u5', 'signup', 1793753543848, 'production', 1796587411658, '{"messageId":"u5-2-716570","userId":"u5","event":"Step Viewed","timestamp":"2026-11-04T00:52:23.848Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (142, 'fuzz', 'u5-3-686759', 'u5', 'signup', 1793753617974, 'production', 1796587411658, '{"messageId":"u5-3-686759","userId":"u5","event":"Step Completed","timestamp":"2026-11-04T00:53:37.974Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":57231,"appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (149, 'fuzz', 'u5-8-990939', 'u5', 'signup', 1793753823980, 'production', 1796587411658, '{"messageId":"u5-8-990939","userId":"u5","event":"Step Skipped","timestamp":"2026-11-04T00:57:03.980Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.1"}', NULL);
INSERT INTO public.events VALUES (123, 'fuzz', 'u6-3-315943', 'u6', 'signup', 1793652917951, 'production', 1796587411658, '{"messageId":"u6-3-315943","userId":"u6","event":"Step Completed","timestamp":"2026-11-02T20:55:17.951Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":1261,"revision":1}', NULL);
INSERT INTO public.events VALUES (145, 'fuzz', 'u6-5-970353', 'u6', 'signup', 1793652966918, 'production', 1796587411658, '{"messageId":"u6-5-970353","userId":"u6","event":"Step Completed","timestamp":"2026-11-02T20:56:06.918Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":1946,"revision":1}', NULL);
INSERT INTO public.events VALUES (133, 'fuzz', 'u6-7-810853', 'u6', 'signup', 1793653010491, 'production', 1796587411658, '{"messageId":"u6-7-810853","userId":"u6","event":"Step Completed","timestamp":"2026-11-02T20:56:50.491Z","flowId":"signup","flowVersion":1,"stepId":"plan-monthly","stepIndex":2,"experiment":"short-signup","variation":"control","outcome":"next","durationMs":13286,"revision":1}', NULL);
INSERT INTO public.events VALUES (125, 'fuzz', 'u8-15-281151', 'u8', NULL, 1793508646092, 'production', 1796587411658, '{"messageId":"u8-15-281151","userId":"u8","event":"Hint Shown","timestamp":"2026-11-01T04:50:46.092Z","stepId":"intro","stepIndex":0,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (130, 'fuzz', 'u8-17-609728', 'u8', NULL, 1793508764248, 'production', 1796587411658, '{"messageId":"u8-17-609728","userId":"u8","event":"Hint Shown","timestamp":"2026-11-01T04:52:44.248Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (116, 'fuzz', 'u9-2-382435', 'u9', 'signup', 1793907279136, 'production', 1796587411658, '{"messageId":"u9-2-382435","userId":"u9","event":"Step Viewed","timestamp":"2026-11-05T19:34:39.136Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (127, 'fuzz', 'u9-4-411958', 'u9', 'signup', 1793907330220, 'production', 1796587411658, '{"messageId":"u9-4-411958","userId":"u9","event":"Step Viewed","timestamp":"2026-11-05T19:35:30.220Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (139, 'fuzz', 'u9-8-143786', 'u9', 'signup', 1793907440967, 'production', 1796587411658, '{"messageId":"u9-8-143786","userId":"u9","event":"Step Viewed","timestamp":"2026-11-05T19:37:20.967Z","flowId":"signup","flowVersion":1,"stepId":"done","stepIndex":3,"experiment":"short-signup","variation":"control","appVersion":"1.1","revision":1}', NULL);
INSERT INTO public.events VALUES (154, 'fuzz', 'u12-5-163377', 'u12', 'signup', 1793874483848, 'production', 1796587411777, '{"messageId":"u12-5-163377","userId":"u12","event":"Flow Abandoned","timestamp":"2026-11-05T10:28:03.848Z","flowId":"signup","flowVersion":1,"experiment":"short-signup","variation":"control","appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (155, 'fuzz', 'u13-13-682896', 'u13', NULL, 1793522551173, 'production', 1796587411777, '{"messageId":"u13-13-682896","userId":"u13","event":"Hint Shown","timestamp":"2026-11-01T08:42:31.173Z","stepId":"panel","stepIndex":1,"walkthroughId":"tour","walkthroughVersion":1,"appVersion":"2.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (157, 'fuzz', 'u13-6-931130', 'u13', 'signup', 1793522265264, 'production', 1796587411777, '{"messageId":"u13-6-931130","userId":"u13","event":"Step Viewed","timestamp":"2026-11-01T08:37:45.264Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":2,"appVersion":"2.0","revision":2}', NULL);
INSERT INTO public.events VALUES (162, 'fuzz', 'u15-2-139648', 'u15', 'signup', 1793547057847, 'production', 1796587411777, '{"messageId":"u15-2-139648","userId":"u15","event":"Step Viewed","timestamp":"2026-11-01T15:30:57.847Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (163, 'fuzz', 'u15-4-640628', 'u15', 'signup', 1793547135342, 'production', 1796587411777, '{"messageId":"u15-4-640628","userId":"u15","event":"Step Viewed","timestamp":"2026-11-01T15:32:15.342Z","flowId":"signup","flowVersion":1,"stepId":"name","stepIndex":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', NULL);
INSERT INTO public.events VALUES (158, 'fuzz', 'u4-2-385498', 'u4', 'signup', 1793912138716, 'production', 1796587411777, '{"messageId":"u4-2-385498","userId":"u4","event":"Step Viewed","timestamp":"2026-11-05T20:55:38.716Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"appVersion":"2.0","revision":1}', NULL);
INSERT INTO public.events VALUES (161, 'fuzz', 'u6-2-723445', 'u6', 'signup', 1793652917951, 'production', 1796587411777, '{"messageId":"u6-2-723445","userId":"u6","event":"Step Viewed","timestamp":"2026-11-02T20:55:17.951Z","flowId":"signup","flowVersion":1,"stepId":"welcome","stepIndex":0,"experiment":"short-signup","variation":"control","revision":1}', NULL);
INSERT INTO public.events VALUES (159, 'fuzz', 'u8-19-462556', 'u8', NULL, 1793508868885, 'production', 1796587411777, '{"messageId":"u8-19-462556","userId":"u8","event":"Walkthrough Completed","timestamp":"2026-11-01T04:54:28.885Z","walkthroughId":"tour","walkthroughVersion":1,"experiment":"short-signup","variation":"control","appVersion":"1.0","revision":2}', 'tour');
INSERT INTO public.events VALUES (156, 'fuzz', 'u8-9-365918', 'u8', 'signup', 1793508369995, 'production', 1796587411777, '{"messageId":"u8-9-365918","userId":"u8","event":"Step Completed","timestamp":"2026-11-01T04:46:09.995Z","flowId":"signup","flowVersion":1,"stepId":"plan-annual","stepIndex":3,"experiment":"short-signup","variation":"control","outcome":"back","durationMs":3194,"appVersion":"1.0","revision":2}', NULL);


--
-- Data for Name: personal_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: publications; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.publications VALUES (1, 'fuzz', 'production', 2, 1796587411443);


--
-- Data for Name: revisions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.revisions VALUES ('fuzz', 1, '2be71a407e2fd3970c86e50cb6d1a74373fe51620edf0f5ffce215a44e9564d4', '\x7b22736368656d6156657273696f6e223a20312c0a2022666c6f7773223a205b0a20207b226964223a20227369676e7570222c202276657273696f6e223a20312c20226578706572696d656e74223a202273686f72742d7369676e7570222c2022766172696174696f6e223a2022636f6e74726f6c222c20227374657073223a205b0a202020207b226964223a202277656c636f6d65227d2c207b226964223a20226e616d65227d2c207b226964223a2022706c616e222c20226f6e223a207b22616e6e75616c223a2022706c616e2d616e6e75616c222c20226d6f6e74686c79223a2022706c616e2d6d6f6e74686c79222c20226e657874223a2022646f6e65227d7d2c0a202020207b226964223a2022706c616e2d616e6e75616c222c20226f6e223a207b226e657874223a2022646f6e65227d7d2c207b226964223a2022706c616e2d6d6f6e74686c79222c20226f6e223a207b226e657874223a2022646f6e65227d7d2c207b226964223a2022646f6e65227d5d7d2c0a20207b226964223a20227369676e7570222c202276657273696f6e223a20312c20226578706572696d656e74223a202273686f72742d7369676e7570222c2022766172696174696f6e223a202273686f7274222c20227374657073223a205b0a202020207b226964223a202277656c636f6d65227d2c207b226964223a2022646f6e65227d5d7d5d2c0a202277616c6b7468726f75676873223a205b7b226964223a2022746f7572222c202276657273696f6e223a20312c20227374657073223a205b0a202020207b226964223a2022696e74726f222c2022746172676574456c656d656e744964223a202261222c2022746f6f6c74697054657874223a202241222c2022636f6d706c6574696f6e54726967676572223a207b2274797065223a2022746170222c2022656c656d656e744964223a202261227d2c202263616e536b6970223a20747275657d2c0a202020207b226964223a202270616e656c222c2022746172676574456c656d656e744964223a202262222c2022746f6f6c74697054657874223a202242222c2022636f6d706c6574696f6e54726967676572223a207b2274797065223a2022746170222c2022656c656d656e744964223a202262227d2c202263616e536b6970223a20747275657d5d7d5d2c0a20226578706572696d656e7473223a205b7b226b6579223a202273686f72742d7369676e7570222c2022766172696174696f6e73223a205b22636f6e74726f6c222c202273686f7274225d2c202277656967687473223a205b302e352c20302e355d7d5d7d', 1796587411412);
INSERT INTO public.revisions VALUES ('fuzz', 2, '84c7f46db06640c07dcd59b9aa172472596f93b66c264537e228b62fd867fc64', '\x7b22736368656d6156657273696f6e223a20312c0a2022666c6f7773223a205b0a20207b226964223a20227369676e7570222c202276657273696f6e223a20322c20226578706572696d656e74223a202273686f72742d7369676e7570222c2022766172696174696f6e223a2022636f6e74726f6c222c20227374657073223a205b0a202020207b226964223a202277656c636f6d65227d2c207b226964223a20226e616d65227d2c207b226964223a2022706c616e222c20226f6e223a207b22616e6e75616c223a2022706c616e2d616e6e75616c222c20226e657874223a2022646f6e65227d7d2c0a202020207b226964223a2022706c616e2d616e6e75616c222c20226f6e223a207b226e657874223a2022646f6e65227d7d2c207b226964223a2022646f6e65227d5d7d2c0a20207b226964223a20227369676e7570222c202276657273696f6e223a20322c20226578706572696d656e74223a202273686f72742d7369676e7570222c2022766172696174696f6e223a202273686f7274222c20227374657073223a205b0a202020207b226964223a202277656c636f6d65227d2c207b226964223a2022646f6e65227d5d7d5d2c0a202277616c6b7468726f75676873223a205b7b226964223a2022746f7572222c202276657273696f6e223a20322c20227374657073223a205b0a202020207b226964223a2022696e74726f222c2022746172676574456c656d656e744964223a202261222c2022746f6f6c74697054657874223a202241222c2022636f6d706c6574696f6e54726967676572223a207b2274797065223a2022746170222c2022656c656d656e744964223a202261227d2c202263616e536b6970223a20747275657d2c0a202020207b226964223a202270616e656c222c2022746172676574456c656d656e744964223a202262222c2022746f6f6c74697054657874223a202242222c2022636f6d706c6574696f6e54726967676572223a207b2274797065223a2022746170222c2022656c656d656e744964223a202262227d2c202263616e536b6970223a20747275657d5d7d5d2c0a20226578706572696d656e7473223a205b7b226b6579223a202273686f72742d7369676e7570222c2022766172696174696f6e73223a205b22636f6e74726f6c222c202273686f7274225d2c202277656967687473223a205b302e352c20302e355d7d5d7d', 1796587411424);


--
-- Data for Name: sdk_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sdk_keys VALUES ('12af0a483c0ef95d88f0770fda478f8a66cd7a02245fb51ff3df01bce49949d8', 'wps_Zh6qCz80', 'fuzz', 'production', 1796587411400, NULL);
INSERT INTO public.sdk_keys VALUES ('186006665298a06d8050e0475d3516f97c8efc59db344e820ce61841984b5912', 'wps_bzXBnHyB', 'fuzz', 'staging', 1796587411400, 1796673811883);
INSERT INTO public.sdk_keys VALUES ('cfba690ddef011114da27d6e7e2f8610a0abaebebb57674eab31ae786cbe158d', 'wps_yVUKqlUQ', 'fuzz', 'staging', 1796587411883, NULL);


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: settings; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: waypoint_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.waypoint_migrations VALUES (1, 1796587411304);
INSERT INTO public.waypoint_migrations VALUES (2, 1796587411313);
INSERT INTO public.waypoint_migrations VALUES (3, 1796587411317);
INSERT INTO public.waypoint_migrations VALUES (4, 1796587411318);
INSERT INTO public.waypoint_migrations VALUES (5, 1796587411322);
INSERT INTO public.waypoint_migrations VALUES (6, 1796587411328);
INSERT INTO public.waypoint_migrations VALUES (7, 1796587411361);
INSERT INTO public.waypoint_migrations VALUES (8, 1796587411365);
INSERT INTO public.waypoint_migrations VALUES (9, 1796587411366);
INSERT INTO public.waypoint_migrations VALUES (10, 1796587411367);
INSERT INTO public.waypoint_migrations VALUES (11, 1796587411373);


--
-- Name: audit_log_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_log_seq_seq', 6, true);


--
-- Name: events_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.events_seq_seq', 163, true);


--
-- Name: publications_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.publications_seq_seq', 1, true);


--
-- Name: accounts accounts_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_email_key UNIQUE (email);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: apps apps_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.apps
    ADD CONSTRAINT apps_pkey PRIMARY KEY (id);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (seq);


--
-- Name: contribution_cell_changes contribution_cell_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contribution_cell_changes
    ADD CONSTRAINT contribution_cell_changes_pkey PRIMARY KEY (app_id, environment, kind, subject, revision, day, grp, n);


--
-- Name: contribution_cell_pages contribution_cell_pages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contribution_cell_pages
    ADD CONSTRAINT contribution_cell_pages_pkey PRIMARY KEY (app_id, environment, kind, subject, revision, day, grp, page);


--
-- Name: contribution_cells contribution_cells_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contribution_cells
    ADD CONSTRAINT contribution_cells_pkey PRIMARY KEY (app_id, environment, kind, subject, revision, day, grp);


--
-- Name: contribution_locks contribution_locks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contribution_locks
    ADD CONSTRAINT contribution_locks_pkey PRIMARY KEY (bucket);


--
-- Name: contribution_rows contribution_rows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contribution_rows
    ADD CONSTRAINT contribution_rows_pkey PRIMARY KEY (app_id, environment, user_id, kind, subject, revision, grp);


--
-- Name: environments environments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.environments
    ADD CONSTRAINT environments_pkey PRIMARY KEY (app_id, name);


--
-- Name: erased_messages erased_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.erased_messages
    ADD CONSTRAINT erased_messages_pkey PRIMARY KEY (app_id, message_id);


--
-- Name: event_counts event_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_counts
    ADD CONSTRAINT event_counts_pkey PRIMARY KEY (app_id, environment);


--
-- Name: events events_app_id_message_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_app_id_message_id_key UNIQUE (app_id, message_id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (seq);


--
-- Name: personal_tokens personal_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.personal_tokens
    ADD CONSTRAINT personal_tokens_pkey PRIMARY KEY (token_hash);


--
-- Name: personal_tokens personal_tokens_prefix_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.personal_tokens
    ADD CONSTRAINT personal_tokens_prefix_key UNIQUE (prefix);


--
-- Name: publications publications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.publications
    ADD CONSTRAINT publications_pkey PRIMARY KEY (seq);


--
-- Name: revisions revisions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.revisions
    ADD CONSTRAINT revisions_pkey PRIMARY KEY (app_id, number);


--
-- Name: sdk_keys sdk_keys_app_id_environment_prefix_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sdk_keys
    ADD CONSTRAINT sdk_keys_app_id_environment_prefix_key UNIQUE (app_id, environment, prefix);


--
-- Name: sdk_keys sdk_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sdk_keys
    ADD CONSTRAINT sdk_keys_pkey PRIMARY KEY (key_hash);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id_hash);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (name);


--
-- Name: waypoint_migrations waypoint_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.waypoint_migrations
    ADD CONSTRAINT waypoint_migrations_pkey PRIMARY KEY (version);


--
-- Name: audit_log_by_app; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_by_app ON public.audit_log USING btree (app_id, seq);


--
-- Name: contribution_rows_by_start; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contribution_rows_by_start ON public.contribution_rows USING btree (app_id, environment, kind, subject, revision, start_ms);


--
-- Name: events_by_app; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_by_app ON public.events USING btree (app_id, seq);


--
-- Name: events_by_environment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_by_environment ON public.events USING btree (app_id, environment, received_at_ms, seq);


--
-- Name: events_by_flow_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_by_flow_user ON public.events USING btree (app_id, flow_id, user_id, timestamp_ms, seq);


--
-- Name: audit_log audit_log_no_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_change BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_refuse_change();


--
-- Name: audit_log audit_log_no_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_refuse_change();


--
-- Name: environments environments_app_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.environments
    ADD CONSTRAINT environments_app_id_fkey FOREIGN KEY (app_id) REFERENCES public.apps(id);


--
-- Name: personal_tokens personal_tokens_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.personal_tokens
    ADD CONSTRAINT personal_tokens_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- Name: publications publications_app_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.publications
    ADD CONSTRAINT publications_app_id_fkey FOREIGN KEY (app_id) REFERENCES public.apps(id);


--
-- Name: revisions revisions_app_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.revisions
    ADD CONSTRAINT revisions_app_id_fkey FOREIGN KEY (app_id) REFERENCES public.apps(id);


--
-- Name: sdk_keys sdk_keys_app_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sdk_keys
    ADD CONSTRAINT sdk_keys_app_id_fkey FOREIGN KEY (app_id) REFERENCES public.apps(id);


--
-- Name: sessions sessions_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);


--
-- PostgreSQL database dump complete
--


