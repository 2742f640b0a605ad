package route

func parseHAProxy(c *Config, src string) error {
	return configError(c.file, 1, "haproxy: not yet")
}
